// The Access step's choices (src/components/useAccessChoices.ts), with a
// curator's start put into the wizard's form once they are known.
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useAccessChoices as useChoices } from '../../components/useAccessChoices';
import type { WizardValues } from './wizardValues';

export function useAccessChoices(form: UseFormReturn<WizardValues>) {
  const { groups, show, start } = useChoices();
  const startGroups = start?.groups.join(',') ?? null;
  const { getValues, setValue } = form;
  // Set, not reset: the step's fields are not registered yet (resetField would do nothing).
  useEffect(() => {
    if (startGroups === null || getValues('groups').length > 0) return;
    setValue('access', 'private');
    if (startGroups !== '') setValue('groups', startGroups.split(',').map(Number));
  }, [startGroups, getValues, setValue]);
  return { groups, show };
}
