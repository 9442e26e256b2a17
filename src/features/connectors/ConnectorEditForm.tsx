// Edit a connector: its name, schedule and (for Jira) its site and project. The
// rules are the server's (D4, from the shared contract): its 422 words land next
// to the field they are about, and a duplicate name next to the name.
import { useForm } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { useUpdateConnector } from '../../api/connectors';
import type { ConnectorDetail, ConnectorPatchRequest } from '../../api/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { placeServerErrors } from '../../lib/fieldErrors';
import {
  FREQUENCY_UNITS,
  frequencySeconds,
  toHumanFrequency,
  type HumanFrequency,
} from '../../lib/frequency';

interface EditValues {
  name: string;
  refresh: HumanFrequency;
  prune: HumanFrequency;
  jira_base_url: string;
  project_key: string;
}

const NEVER: HumanFrequency = { amount: '', unit: 'hours' };
const fromSeconds = (seconds: number | null | undefined) =>
  seconds ? toHumanFrequency(seconds) : NEVER;
/** An empty amount is "never" (null); a whole number is sent in seconds; anything else is not sent. */
const toSeconds = (value: HumanFrequency): number | null | undefined => {
  const amount = value.amount.trim();
  if (amount === '') return null;
  return /^\d{1,6}$/.test(amount) ? frequencySeconds({ ...value, amount }) : undefined;
};

const FIELD_OF_LOC: Record<string, string> = {
  name: 'name',
  refresh_freq: 'refresh.amount',
  prune_freq: 'prune.amount',
  'connector_specific_config.jira_base_url': 'jira_base_url',
  'connector_specific_config.project_key': 'project_key',
};

export function ConnectorEditForm(props: { connector: ConnectorDetail; onSaved: () => void }) {
  const { connector, onSaved } = props;
  const jira = connector.source === 'jira';
  const config = connector.connector_specific_config;
  const update = useUpdateConnector();
  const { register, handleSubmit, setError, formState } = useForm<EditValues>({
    defaultValues: {
      name: connector.name,
      refresh: fromSeconds(connector.refresh_freq),
      prune: fromSeconds(connector.prune_freq),
      jira_base_url: typeof config.jira_base_url === 'string' ? config.jira_base_url : '',
      project_key: typeof config.project_key === 'string' ? config.project_key : '',
    },
  });
  const errors = formState.errors;

  const save = handleSubmit(async (values) => {
    const refresh = toSeconds(values.refresh);
    const prune = toSeconds(values.prune);
    const notANumber = 'Enter a whole number, or leave it empty for never';
    if (refresh === undefined)
      setError('refresh.amount', { type: 'validate', message: notANumber });
    if (prune === undefined) setError('prune.amount', { type: 'validate', message: notANumber });
    if (refresh === undefined || prune === undefined) return;
    const change: ConnectorPatchRequest = {
      name: values.name,
      refresh_freq: refresh,
      prune_freq: prune,
      ...(jira
        ? {
            connector_specific_config: {
              ...config,
              jira_base_url: values.jira_base_url.trim(),
              project_key: values.project_key.trim() || null,
            },
          }
        : {}),
    };
    try {
      await update.mutateAsync({ id: connector.id, change });
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setError('name', { type: 'server', message: error.message });
      }
      placeServerErrors(error, setError, (loc) => FIELD_OF_LOC[loc.slice(1).join('.')] ?? null);
    }
  });

  const frequency = (name: 'refresh' | 'prune', legend: string) => (
    <Field
      id={`edit-${name}`}
      legend={legend}
      describe="control"
      hint="Leave the number empty for never."
      error={errors[name]?.amount?.message}
      className="frequency"
    >
      {(control) => (
        <div className="frequency-inputs">
          <div>
            <label htmlFor={control.id}>{legend}: every</label>
            <input {...control} inputMode="numeric" size={6} {...register(`${name}.amount`)} />
          </div>
          <div>
            <label htmlFor={`edit-${name}-unit`}>{legend}: unit</label>
            <select id={`edit-${name}-unit`} {...register(`${name}.unit`)}>
              {FREQUENCY_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
    </Field>
  );

  return (
    <form
      className="connector-edit"
      onSubmit={(event) => void save(event)}
      noValidate
      aria-label={`Edit ${connector.name}`}
    >
      <Field id="edit-name" label="Name" error={errors.name?.message}>
        {(control) => <input {...control} autoComplete="off" {...register('name')} />}
      </Field>
      {frequency('refresh', 'Refresh')}
      {frequency('prune', 'Prune')}
      {jira && (
        <>
          <Field
            id="edit-jira-base-url"
            label="Jira base URL"
            error={errors.jira_base_url?.message}
          >
            {(control) => (
              <input {...control} type="url" autoComplete="off" {...register('jira_base_url')} />
            )}
          </Field>
          <Field
            id="edit-project-key"
            label="Project key (optional)"
            hint="Empty indexes every project."
            error={errors.project_key?.message}
          >
            {(control) => <input {...control} autoComplete="off" {...register('project_key')} />}
          </Field>
        </>
      )}
      {update.isError &&
        !(update.error instanceof ApiError && [400, 422].includes(update.error.status)) && (
          <ErrorNotice error={update.error} />
        )}
      <button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save changes'}
      </button>
    </form>
  );
}
