import { useFormContext, useWatch } from 'react-hook-form';
import { FrequencyField } from '../../components/FrequencyField';
import type { WizardValues } from './wizardValues';

interface WizardFrequencyProps {
  name: 'refresh' | 'prune';
  id: string;
  legend: string;
  hint: string;
}

/** The wizard's schedule fields: the shared frequency field on the wizard's form. */
export function WizardFrequency({ name, id, legend, hint }: WizardFrequencyProps) {
  const { register, control, formState } = useFormContext<WizardValues>();
  const value = useWatch({ control, name });
  const error = formState.errors[name]?.amount?.message ?? formState.errors[name]?.message;
  return (
    <FrequencyField
      id={id}
      schedule={name}
      legend={legend}
      hint={hint}
      error={error}
      amount={register(`${name}.amount`)}
      unit={register(`${name}.unit`)}
      value={value}
    />
  );
}
