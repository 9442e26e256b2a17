import { useFormContext } from 'react-hook-form';
import { Field } from '../../components/Field';
import { FREQUENCY_UNITS, frequencySeconds } from '../../lib/frequency';
import type { WizardValues } from './wizardSchema';

interface FrequencyFieldProps {
  name: 'refresh' | 'prune';
  id: string;
  legend: string;
  hint: string;
}

/** A number and a unit, sent in seconds. */
export function FrequencyField({ name, id, legend, hint }: FrequencyFieldProps) {
  const { register, watch, formState } = useFormContext<WizardValues>();
  const error = formState.errors[name]?.amount?.message ?? formState.errors[name]?.message;
  const frequency = watch(name);
  const seconds = /^\d{1,6}$/.test(frequency.amount.trim()) ? frequencySeconds(frequency) : null;
  const label = name === 'refresh' ? 'Refresh every' : 'Prune every';

  return (
    <Field
      id={id}
      legend={legend}
      hint={hint}
      error={error}
      describe="control"
      describedBy={[`${id}-seconds`]}
      className="frequency"
    >
      {(control) => (
        <>
          <div className="frequency-inputs">
            <div>
              <label htmlFor={id}>{label}</label>
              <input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                size={6}
                {...register(`${name}.amount`)}
              />
            </div>
            <div>
              <label htmlFor={`${id}-unit`}>
                {name === 'refresh' ? 'Refresh unit' : 'Prune unit'}
              </label>
              <select id={`${id}-unit`} {...register(`${name}.unit`)}>
                {FREQUENCY_UNITS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p id={`${id}-seconds`} className="hint">
            {seconds === null ? '' : `Sent as ${seconds} seconds.`}
          </p>
        </>
      )}
    </Field>
  );
}
