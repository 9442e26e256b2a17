// Settings → Configuration (admins; docs/configuration-as-code.md):
// the whole setup downloaded as one file, and a file imported: first its plan
// in words, the secrets it needs typed into password boxes, then — asked
// first — applied, and the result said. Each result holds the keyboard.
import { useState, type ChangeEvent } from 'react';
import { downloadConfiguration, useApplyImport, usePlanImport } from '../../api/configurationHooks';
import { ActionMessage } from '../../components/ActionMessage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DownloadButton } from '../../components/DownloadButton';
import { planIsEmpty, type ConfigBundleInput } from '../../contract/configBundle';
import { describeError } from '../../lib/describeError';
import { notCreatedLines, planLines, planSummary } from '../../lib/planWords';
import { SecretFields, webhookNeeded, withValues, type SecretValues } from './SecretFields';

/** A chosen file's text (FileReader: every browser, and jsdom, reads a File with it). */
const textOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsText(file);
  });

export function ConfigurationPage() {
  const [bundle, setBundle] = useState<ConfigBundleInput | null>(null);
  const [values, setValues] = useState<SecretValues>({});
  const [said, setSaid] = useState('');
  const [asking, setAsking] = useState(false);
  const plan = usePlanImport();
  const apply = useApplyImport();

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setBundle(null);
    setValues({});
    apply.reset();
    plan.reset();
    if (!file) return;
    let read: ConfigBundleInput;
    try {
      read = JSON.parse(await textOf(file)) as ConfigBundleInput;
    } catch {
      setSaid(`${file.name} is not a configuration file: it does not hold JSON.`);
      return;
    }
    setBundle(read);
    plan.mutate(read, {
      onSuccess: (planned) => setSaid(`Plan for ${file.name}: ${planSummary(planned)}`),
      onError: (error) => setSaid(`${file.name} cannot be imported: ${describeError(error)}`),
    });
  };

  const confirmApply = () => {
    setAsking(false);
    if (!bundle) return;
    apply.mutate(withValues(bundle, values), {
      onSuccess: (done) =>
        setSaid(
          done.applied
            ? `Applied: ${planSummary(done)}${
                notCreatedLines(done).length > 0
                  ? ` Not made, and why: ${notCreatedLines(done).join('; ')}.`
                  : ''
              }`
            : 'Nothing to do: this server already matches the file.',
        ),
      onError: (error) => setSaid(`Nothing was imported: ${describeError(error)}`),
    });
  };

  const planned = plan.data;
  return (
    <section className="configuration-page">
      <h1>Configuration</h1>
      <section aria-labelledby="export-heading">
        <h2 id="export-heading">Export</h2>
        <p>
          Download this server’s whole setup — connectors, credentials without their secrets,
          attachments, users, invitations, groups and where alerts go — to keep in version control
          or import elsewhere.
        </p>
        <DownloadButton
          label="Download configuration"
          download={downloadConfiguration}
          done="Configuration downloaded as sourcedesk.json."
          failed="The configuration could not be downloaded"
        />
      </section>
      <section aria-labelledby="import-heading">
        <h2 id="import-heading">Import</h2>
        <p>Choose a configuration file: you see what it would change before anything changes.</p>
        <div className="field">
          <label htmlFor="configuration-file">Configuration file</label>
          <input
            id="configuration-file"
            type="file"
            accept=".json,application/json"
            onChange={chosen}
          />
        </div>
        <ActionMessage words={said} />
        {planned && !apply.data && (
          <>
            <h3>What the import will do</h3>
            {planLines(planned).length > 0 ? (
              <ul className="plan-lines">
                {planLines(planned).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : (
              <p>Nothing: this server already matches the file.</p>
            )}
            <SecretFields
              needed={planned.needs_secret}
              webhookOrigin={bundle && webhookNeeded(bundle, planned)}
              values={values}
              onChange={setValues}
            />
            {planned.conflicts.length === 0 &&
              (!planIsEmpty(planned) ||
                planned.needs_secret.length > 0 ||
                (bundle !== null && webhookNeeded(bundle, planned) !== null)) && (
                <button type="button" onClick={() => setAsking(true)} disabled={apply.isPending}>
                  {apply.isPending ? 'Applying…' : 'Apply…'}
                </button>
              )}
          </>
        )}
      </section>
      {asking && (
        <ConfirmDialog
          title="Apply this configuration?"
          confirmLabel="Apply"
          onConfirm={confirmApply}
          onCancel={() => setAsking(false)}
        >
          <p>{planned && planSummary(planned)} Everything is applied together, or nothing is.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
