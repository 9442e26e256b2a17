import { useFormContext } from 'react-hook-form';
import { FREQUENCY_UNITS, frequencySeconds } from './frequency';
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
  const describedBy = [`${id}-hint`, `${id}-seconds`, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  const label = name === 'refresh' ? 'Refresh every' : 'Prune every';

  return (
    <fieldset className="frequency">
      <legend>{legend}</legend>
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
      <div className="frequency-inputs">
        <div>
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            inputMode="numeric"
            autoComplete="off"
            size={6}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...register(`${name}.amount`)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-unit`}>{name === 'refresh' ? 'Refresh unit' : 'Prune unit'}</label>
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
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
