// A schedule as people say it, a number and a unit, for every form that sets
// one (the wizard and a connector's editor): sent in seconds, "never" when the
// number is left empty where the form allows it.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FREQUENCY_UNITS, secondsOf, type HumanFrequency, type Schedule } from '../lib/frequency';
import { Field } from './Field';
import './FrequencyField.css';

interface FrequencyFieldProps {
  /** The number's id; the unit takes `<id>-unit`. */
  id: string;
  /** Which schedule: its word starts both controls' labels ("Refresh every", "Refresh unit"). */
  schedule: Schedule;
  legend: string;
  hint: string;
  error: string | undefined;
  amount: UseFormRegisterReturn;
  unit: UseFormRegisterReturn;
  /** What is typed now: shown back in seconds, as it will be sent. */
  value: HumanFrequency;
}

export function FrequencyField(props: FrequencyFieldProps) {
  const { id, schedule, legend, hint, error, amount, unit, value } = props;
  const what = schedule === 'refresh' ? 'Refresh' : 'Prune';
  const seconds = secondsOf(value);
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
              <label htmlFor={id}>{what} every</label>
              <input {...control} inputMode="numeric" autoComplete="off" size={6} {...amount} />
            </div>
            <div>
              <label htmlFor={`${id}-unit`}>{what} unit</label>
              <select id={`${id}-unit`} {...unit}>
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
