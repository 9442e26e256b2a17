// Edit a connector: its name, schedule and, for a catalogue source, every field
// of its source (the same form as the wizard's settings step). The schedule is
// checked here by the rule the wizard uses (in the form's units), the source's
// fields by the contract's rules; the server's 422 words land next to the field
// they are about, and a duplicate name next to the name. As the wizard does,
// "Test and save" tries the edited settings first (EditConnectionTest); a test
// that does not pass says why, and saving anyway is the secondary action.
import { useEffect, useRef } from 'react';
import { FormProvider, useForm, useWatch, type Path, type UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { useUpdateConnector } from '../../api/connectors';
import type { ConnectorDetail, ConnectorPatchRequest } from '../../contract/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { FrequencyField } from '../../components/FrequencyField';
import { SaveOrCancel } from '../../components/SaveOrCancel';
import { SourceFieldsForm } from '../../components/source-form/SourceFieldsForm';
import { errorAt, placeServerErrors } from '../../lib/fieldErrors';
import { focusFirstField } from '../../lib/focusFirstField';
import {
  scheduleProblem,
  secondsOf,
  toHumanFrequency,
  type HumanFrequency,
  type Schedule,
} from '../../lib/frequency';
import { panelOf } from '../../sources/catalogue';
import { configFromForm, formFromConfig, type SourceFormValues } from '../../sources/form';
import { formPathOf, sourceProblems } from '../../sources/problems';
import { EditTestResults, useEditTest } from './EditConnectionTest';

interface EditValues extends SourceFormValues {
  name: string;
  refresh: HumanFrequency;
  prune: HumanFrequency;
}

const NEVER: HumanFrequency = { amount: '', unit: 'hours' };
const fromSeconds = (seconds: number | null | undefined) =>
  seconds ? toHumanFrequency(seconds) : NEVER;

const ID_PREFIX = 'edit';

function fieldForLoc(loc: readonly (string | number)[], panel: ReturnType<typeof panelOf>) {
  const [, field, ...rest] = loc;
  if (field === 'name') return 'name';
  if (field === 'refresh_freq') return 'refresh.amount';
  if (field === 'prune_freq') return 'prune.amount';
  if (field === 'connector_specific_config' && panel) {
    const path = formPathOf(panel, rest);
    return path === 'config' ? null : path;
  }
  return null;
}

/** The change the form's values make (checked before it is sent). */
function changeOf(
  connector: ConnectorDetail,
  panel: ReturnType<typeof panelOf>,
  values: EditValues,
): ConnectorPatchRequest {
  return {
    name: values.name,
    // An empty number is "never" (null).
    refresh_freq: secondsOf(values.refresh),
    prune_freq: secondsOf(values.prune),
    // Keys the panel does not show are kept as they are.
    ...(panel
      ? {
          connector_specific_config: {
            ...connector.connector_specific_config,
            ...configFromForm(panel, values),
          },
        }
      : {}),
  };
}

/**
 * The panel's own checks of the values, each problem set on its field: the
 * schedule rules in the form's own units (as the wizard says them) and the
 * source's rules. True when any refused.
 */
function refusedHere(
  connector: ConnectorDetail,
  panel: ReturnType<typeof panelOf>,
  values: EditValues,
  setError: UseFormSetError<EditValues>,
) {
  let refused = false;
  for (const schedule of ['refresh', 'prune'] as const) {
    const problem = scheduleProblem(schedule, values[schedule], { never: true });
    if (problem) setError(`${schedule}.amount`, { type: 'validate', message: problem });
    refused ||= problem !== null;
  }
  const problems = panel ? sourceProblems(connector.source, panel, values) : [];
  for (const { path, message } of problems) {
    setError((path === 'config' ? 'root.config' : path) as Path<EditValues>, {
      type: 'validate',
      message,
    });
  }
  return refused || problems.length > 0;
}

export function ConnectorEditForm(props: {
  connector: ConnectorDetail;
  /** Saved; `tested` when a connection test of these settings passed first. */
  onSaved: (tested: boolean) => void;
  onCancel: () => void;
}) {
  const { connector, onSaved, onCancel } = props;
  const panel = panelOf(connector.source);
  const config = connector.connector_specific_config;
  const update = useUpdateConnector();
  const form = useForm<EditValues>({
    defaultValues: {
      name: connector.name,
      refresh: fromSeconds(connector.refresh_freq),
      prune: fromSeconds(connector.prune_freq),
      ...(panel ? formFromConfig(panel, config) : { config: {}, tabs: {}, drafts: {} }),
    },
  });
  const { register, handleSubmit, setError, formState, control } = form;
  // The editor opens on its first field, the name selected: Edit is also the connector's rename.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => void focusFirstField(formRef.current), []);
  const errors = formState.errors;
  const typed = {
    refresh: useWatch({ control, name: 'refresh' }),
    prune: useWatch({ control, name: 'prune' }),
  };

  const test = useEditTest(connector);
  const shownKey = JSON.stringify(changeOf(connector, panel, useWatch({ control }) as EditValues));
  const tried = test.resultsFor(shownKey);

  /** Saves the values; with `withTest`, only once a connection test of them passed. */
  const submit = async (values: EditValues, withTest: boolean) => {
    if (refusedHere(connector, panel, values, setError)) return;
    const change = changeOf(connector, panel, values);
    let passed = false;
    if (withTest && test.testable) {
      // As the wizard's review: a test that does not pass is shown, and saving waits for the admin.
      passed = await test.run(JSON.stringify(change), change.connector_specific_config ?? config);
      if (!passed) return;
    }
    try {
      await update.mutateAsync({ id: connector.id, change });
      onSaved(passed);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setError('name', { type: 'server', message: error.message });
      }
      placeServerErrors(error, setError, (loc) => fieldForLoc(loc, panel));
    }
  };
  const testAndSave = handleSubmit((values) => submit(values, true));
  const saveUntested = handleSubmit((values) => submit(values, false));
  const busy = update.isPending || test.running;

  const frequency = (name: Schedule, legend: string) => (
    <FrequencyField
      id={`${ID_PREFIX}-${name}`}
      schedule={name}
      legend={legend}
      hint="Leave the number empty for never."
      error={errors[name]?.amount?.message}
      amount={register(`${name}.amount`)}
      unit={register(`${name}.unit`)}
      value={typed[name]}
    />
  );

  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        className="connector-edit"
        onSubmit={(event) => void (test.testable ? testAndSave : saveUntested)(event)}
        noValidate
        aria-label={`Edit ${connector.name}`}
      >
        <Field id={`${ID_PREFIX}-name`} label="Name" error={errors.name?.message}>
          {(control) => <input {...control} autoComplete="off" {...register('name')} />}
        </Field>
        {frequency('refresh', 'Refresh')}
        {frequency('prune', 'Prune')}
        {panel && <SourceFieldsForm source={connector.source} panel={panel} idPrefix={ID_PREFIX} />}
        {errorAt(errors, 'root.config') && (
          <p className="field-error" role="alert">
            {errorAt(errors, 'root.config')}
          </p>
        )}
        {update.isError &&
          !(update.error instanceof ApiError && [400, 422].includes(update.error.status)) && (
            <ErrorNotice error={update.error} />
          )}
        {test.testable ? (
          <>
            <EditTestResults tried={tried} headingRef={test.headingRef} running={test.running} />
            <div className="form-actions">
              <button type="submit" disabled={busy}>
                {update.isPending ? 'Saving…' : test.running ? 'Testing…' : 'Test and save'}
              </button>
              <button
                type="button"
                className="secondary"
                disabled={busy}
                onClick={() => void saveUntested()}
              >
                {tried ? 'Save without a passing test' : 'Save without testing'}
              </button>
              <button type="button" className="secondary" onClick={onCancel}>
                Cancel
              </button>
            </div>
          </>
        ) : (
          <SaveOrCancel label="Save changes" saving={update.isPending} onCancel={onCancel} />
        )}
      </form>
    </FormProvider>
  );
}
