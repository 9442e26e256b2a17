// Edit a connector: its name, schedule and (for Jira) its site and project. The
// schedule is checked here by the rule the wizard uses too (in the form's units);
// the rest are the server's (D4, from the shared contract): its 422 words land
// next to the field they are about, and a duplicate name next to the name.
import { useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { useUpdateConnector } from '../../api/connectors';
import type { ConnectorDetail, ConnectorPatchRequest } from '../../api/contract';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { FrequencyField } from '../../components/FrequencyField';
import { SaveOrCancel } from '../../components/SaveOrCancel';
import { placeServerErrors } from '../../lib/fieldErrors';
import {
  scheduleProblem,
  secondsOf,
  toHumanFrequency,
  type HumanFrequency,
  type Schedule,
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

const FIELD_OF_LOC: Record<string, string> = {
  name: 'name',
  refresh_freq: 'refresh.amount',
  prune_freq: 'prune.amount',
  'connector_specific_config.jira_base_url': 'jira_base_url',
  'connector_specific_config.project_key': 'project_key',
};

export function ConnectorEditForm(props: {
  connector: ConnectorDetail;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { connector, onSaved, onCancel } = props;
  const jira = connector.source === 'jira';
  const config = connector.connector_specific_config;
  const update = useUpdateConnector();
  const { register, handleSubmit, setError, formState, control } = useForm<EditValues>({
    defaultValues: {
      name: connector.name,
      refresh: fromSeconds(connector.refresh_freq),
      prune: fromSeconds(connector.prune_freq),
      jira_base_url: typeof config.jira_base_url === 'string' ? config.jira_base_url : '',
      project_key: typeof config.project_key === 'string' ? config.project_key : '',
    },
  });
  const errors = formState.errors;
  const typed = {
    refresh: useWatch({ control, name: 'refresh' }),
    prune: useWatch({ control, name: 'prune' }),
  };

  const save = handleSubmit(async (values) => {
    // The schedule rules in the form's own units, as the wizard says them.
    const problems = (['refresh', 'prune'] as const).filter((schedule) => {
      const problem = scheduleProblem(schedule, values[schedule], { never: true });
      if (problem) setError(`${schedule}.amount`, { type: 'validate', message: problem });
      return problem !== null;
    });
    if (problems.length > 0) return;
    // An empty number is "never" (null).
    const refresh = secondsOf(values.refresh);
    const prune = secondsOf(values.prune);
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

  const frequency = (name: Schedule, legend: string) => (
    <FrequencyField
      id={`edit-${name}`}
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
      <SaveOrCancel label="Save changes" saving={update.isPending} onCancel={onCancel} />
    </form>
  );
}
