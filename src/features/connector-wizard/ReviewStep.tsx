import { useFormContext } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useCredentials } from '../../api/credentials';
import { SourceFacts } from '../../components/source-form/SourceFacts';
import { credentialLabel } from '../../lib/credentials';
import { describeFrequency, frequencySeconds } from '../../lib/frequency';
import { paths, type WizardStep } from '../../lib/paths';
import { configFromForm } from '../../sources/form';
import { accessWords, type GroupOption } from '../../components/AccessChoice';
import { ReviewSets } from './ReviewSets';
import { STEP_TITLES } from './StepIndicator';
import type { WizardSource, WizardValues } from './wizardValues';

function EditLink({ source, step }: { source: string; step: WizardStep }) {
  return (
    <Link className="review-edit" to={paths.newConnector.getHref(source, step)}>
      Edit <span className="visually-hidden">{STEP_TITLES[step].toLowerCase()}</span>
    </Link>
  );
}

/** Everything at a glance; `locked` steps were already sent and cannot change. */
export function ReviewStep({
  wizard,
  locked,
  access,
}: {
  wizard: WizardSource;
  locked: boolean;
  /** The groups to name when the access step is shown; null when it is not. */
  access: GroupOption[] | null;
}) {
  const { source, panel, needsCredential } = wizard;
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

  return (
    <div className="review">
      <section aria-labelledby="review-connection">
        <h3 id="review-connection">Connection</h3>
        {!locked && <EditLink source={source} step="connection" />}
        <dl className="facts">
          <dt>Name</dt>
          <dd>{values.name.trim()}</dd>
          <SourceFacts panel={panel} config={configFromForm(panel, values)} />
        </dl>
      </section>
      <section aria-labelledby="review-schedule">
        <h3 id="review-schedule">Schedule</h3>
        {!locked && <EditLink source={source} step="schedule" />}
        <dl className="facts">
          <dt>Refresh</dt>
          <dd>{describeFrequency(frequencySeconds(values.refresh))}</dd>
          <dt>Prune</dt>
          <dd>{describeFrequency(frequencySeconds(values.prune))}</dd>
        </dl>
      </section>
      {needsCredential && (
        <section aria-labelledby="review-credential">
          <h3 id="review-credential">Credential</h3>
          <EditLink source={source} step="credential" />
          <dl className="facts">
            <dt>{panel.label} credential</dt>
            <dd>{credentialText}</dd>
          </dl>
        </section>
      )}
      {access && (
        <section aria-labelledby="review-access">
          <h3 id="review-access">Access</h3>
          {!locked && <EditLink source={source} step="access" />}
          <p>{accessWords(values, access)}.</p>
        </section>
      )}
      {!locked && <ReviewSets />}
    </div>
  );
}
