import { useFormContext } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useCredentials } from '../../api/credentials';
import { credentialLabel } from '../../lib/credentials';
import { paths, type JiraWizardStep } from '../../lib/paths';
import { STEP_TITLES } from './StepIndicator';
import { describeFrequency, frequencySeconds } from '../../lib/frequency';
import type { WizardValues } from './wizardSchema';

function EditLink({ step }: { step: JiraWizardStep }) {
  return (
    <Link className="review-edit" to={paths.newJiraConnector.getHref(step)}>
      Edit <span className="visually-hidden">{STEP_TITLES[step].toLowerCase()}</span>
    </Link>
  );
}

/** Everything at a glance; `locked` steps were already sent and cannot change. */
export function ReviewStep({ locked }: { locked: boolean }) {
  const { getValues } = useFormContext<WizardValues>();
  const values = getValues();
  const credentials = useCredentials();
  const credential = credentials.data?.find((c) => c.id === values.credential_id);
  const credentialText =
    values.credential_id === null
      ? 'None chosen'
      : credential
        ? `${credentialLabel(credential)} (#${credential.id})`
        : `Credential #${values.credential_id}`;
  const blacklist = values.comment_email_blacklist.map((item) => item.address);

  return (
    <div className="review">
      <section aria-labelledby="review-connection">
        <h3 id="review-connection">Connection</h3>
        {!locked && <EditLink step="connection" />}
        <dl className="facts">
          <dt>Name</dt>
          <dd>{values.name.trim()}</dd>
          <dt>Jira base URL</dt>
          <dd>{values.jira_base_url.trim()}</dd>
          <dt>Project key</dt>
          <dd>{values.project_key || 'None: all projects are indexed'}</dd>
          <dt>Comment e-mail blacklist</dt>
          <dd>
            {blacklist.length === 0 ? (
              'None'
            ) : (
              <ul>
                {blacklist.map((address) => (
                  <li key={address}>{address}</li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="review-schedule">
        <h3 id="review-schedule">Schedule</h3>
        {!locked && <EditLink step="schedule" />}
        <dl className="facts">
          <dt>Refresh</dt>
          <dd>{describeFrequency(frequencySeconds(values.refresh))}</dd>
          <dt>Prune</dt>
          <dd>{describeFrequency(frequencySeconds(values.prune))}</dd>
        </dl>
      </section>
      <section aria-labelledby="review-credential">
        <h3 id="review-credential">Credential</h3>
        <EditLink step="credential" />
        <dl className="facts">
          <dt>Jira credential</dt>
          <dd>{credentialText}</dd>
        </dl>
      </section>
    </div>
  );
}
