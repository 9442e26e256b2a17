// D13: who sees the new connector, with the shared access choice
// (src/components/AccessChoice.tsx) bound to the wizard's form. The review says
// the access in words (accessWords).
import { Controller, useFormContext } from 'react-hook-form';
import { AccessChoice, type GroupOption } from '../../components/AccessChoice';
import type { WizardValues } from './wizardValues';

export function AccessStep({ groups }: { groups: GroupOption[] }) {
  const { control } = useFormContext<WizardValues>();
  return (
    <Controller
      control={control}
      name="access"
      render={({ field: access }) => (
        <Controller
          control={control}
          name="groups"
          render={({ field: chosen, fieldState }) => (
            <AccessChoice
              id="wizard"
              groups={groups}
              value={{ access: access.value, groups: chosen.value }}
              error={fieldState.error?.message}
              onChange={(next) => {
                if (next.access !== access.value) access.onChange(next.access);
                if (next.groups !== chosen.value) chosen.onChange(next.groups);
              }}
            />
          )}
        />
      )}
    />
  );
}
