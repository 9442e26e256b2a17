// Settings → Configuration (admins; docs/configuration-as-code.md):
// the whole setup downloaded as one file, and a file imported: first its plan
// in words, the secrets it needs typed into password boxes, then — asked
// first — applied, and the result said. Each result holds the keyboard.
import { useState, type ChangeEvent } from 'react';
import { downloadConfiguration, useApplyImport, usePlanImport } from '../../api/configurationHooks';
import { ActionMessage } from '../../components/ActionMessage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DownloadButton } from '../../components/DownloadButton';
import { planIsEmpty, type ConfigBundleInput, type ImportPlan } from '../../contract/configBundle';
import { countOf } from '../../lib/plural';
import { describeError } from '../../lib/describeError';
import { validationProblemsOf } from '../../lib/fieldErrors';
import { planSummary } from '../../lib/planWords';
import { PlanGroups } from './PlanGroups';
import { bundleProblems, namesOf, notMadeLines, planGroups } from './planView';
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
  /** Every problem of a file the server refused, each naming its item. */
  const [problems, setProblems] = useState<string[]>([]);
  const plan = usePlanImport();
  // What applying will really do with the values typed: a second dry run, for the question.
  const preview = usePlanImport();
  const apply = useApplyImport();
  const names = namesOf(bundle);

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setBundle(null);
    setValues({});
    setProblems([]);
    apply.reset();
    plan.reset();
    preview.reset();
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
      onError: (error) => {
        const found = bundleProblems(validationProblemsOf(error), read);
        // One problem is said in the message; more are listed below it.
        setProblems(found.length > 1 ? found : []);
        setSaid(
          found.length > 1
            ? `${file.name} cannot be imported: ${countOf(found.length, 'problem')} in the file, listed below. Nothing was changed.`
            : `${file.name} cannot be imported: ${found[0] ?? describeError(error)}`,
        );
      },
    });
  };

  /** The question, once a dry run with the typed values says what will happen. */
  const askToApply = () => {
    if (!bundle) return;
    preview.mutate(withValues(bundle, values));
    setAsking(true);
  };

  const confirmApply = () => {
    setAsking(false);
    if (!bundle) return;
    apply.mutate(withValues(bundle, values), {
      onSuccess: (done) =>
        setSaid(
          done.applied
            ? `Applied: ${planSummary(done)}${
                notMade(done).length > 0 ? ` Not made, and why: ${notMade(done).join('; ')}.` : ''
              }`
            : 'Nothing to do: this server already matches the file.',
        ),
      onError: (error) => setSaid(`Nothing was imported: ${describeError(error)}`),
    });
  };

  const planned = plan.data;
  const notMade = (done: ImportPlan) => notMadeLines(done, names);
  const expected = preview.data;
  return (
    <section className="configuration-page">
      <h1>Configuration</h1>
      <ExportSection />
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
        <ProblemsList problems={problems} />
        {planned && !apply.data && (
          <>
            <h3>What the import will do</h3>
            <PlanGroups groups={planGroups(planned, names)} />
            <SecretFields
              names={names}
              needed={planned.needs_secret}
              webhookOrigin={bundle && webhookNeeded(bundle, planned)}
              values={values}
              onChange={setValues}
            />
            {planned.conflicts.length === 0 &&
              (!planIsEmpty(planned) ||
                planned.needs_secret.length > 0 ||
                (bundle !== null && webhookNeeded(bundle, planned) !== null)) && (
                <button type="button" onClick={askToApply} disabled={apply.isPending}>
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
          confirmDisabled={!expected}
        >
          <ApplyPreview expected={expected} preview={preview} notMade={notMade} />
        </ConfirmDialog>
      )}
    </section>
  );
}

/** Download this server's whole setup. */
function ExportSection() {
  return (
    <section aria-labelledby="export-heading">
      <h2 id="export-heading">Export</h2>
      <p>
        Download this server’s whole setup — connectors with their schedules, credentials without
        their secrets, attachments, document sets, users, invitations, groups and where alerts go —
        to keep in version control or import elsewhere.
      </p>
      <p>
        Keys never travel: API keys, worker keys and the SCIM token stay on this server. Make them
        again where you import.
      </p>
      <DownloadButton
        label="Download configuration"
        download={downloadConfiguration}
        done="Configuration downloaded as sourcedesk.json."
        failed="The configuration could not be downloaded"
      />
    </section>
  );
}

/** Every problem of a file the server refused, each naming its item (none: nothing shown). */
function ProblemsList({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="plan-lines" aria-label="Problems in the file">
      {problems.map((problem, index) => (
        <li key={index}>{problem}</li>
      ))}
    </ul>
  );
}

/** The question's words: what applying will do with the values typed, once worked out. */
function ApplyPreview(props: {
  expected: ImportPlan | undefined;
  preview: ReturnType<typeof usePlanImport>;
  notMade: (done: ImportPlan) => string[];
}) {
  const { expected, preview, notMade } = props;
  return expected ? (
    <>
      <p>
        With the values typed: {planSummary(expected)} Everything is applied together, or nothing
        is.
      </p>
      {notMade(expected).length > 0 ? (
        <>
          <p>Not made:</p>
          <ul>
            {notMade(expected)
              .slice(0, 10)
              .map((line) => (
                <li key={line}>{line}</li>
              ))}
          </ul>
          {notMade(expected).length > 10 ? (
            <p>and {countOf(notMade(expected).length - 10, 'more')}.</p>
          ) : null}
        </>
      ) : null}
    </>
  ) : preview.isError ? (
    <p>What would happen cannot be worked out: {describeError(preview.error)}</p>
  ) : (
    <p role="status">Working out what the values typed will do…</p>
  );
}
