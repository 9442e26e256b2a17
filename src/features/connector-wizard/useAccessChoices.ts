// The access step's choices (D13): the groups the caller controls (GET
// /manage/admin/user-group answers exactly those). The step is shown when there
// is a group to choose, or the caller is no admin (a curator's connector goes to
// their groups). A curator starts private to their groups; with one, it is chosen.
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useGroups } from '../../api/groupHooks';
import { useCurrentUser } from '../../api/users';
import type { WizardValues } from './wizardValues';

export function useAccessChoices(form: UseFormReturn<WizardValues>) {
  const me = useCurrentUser();
  const listed = useGroups();
  const groups = (listed.data ?? []).map(({ id, name }) => ({ id, name }));
  const admin = me.data?.role === 'admin';
  const show = listed.isSuccess && me.isSuccess && (groups.length > 0 || !admin);
  const curatorStart = me.isSuccess && !admin && listed.isSuccess;
  const only = groups.length === 1 ? groups[0]!.id : null;
  const { getValues, setValue } = form;
  // Set, not reset: the step's fields are not registered yet (resetField would do nothing).
  useEffect(() => {
    if (!curatorStart || getValues('groups').length > 0) return;
    setValue('access', 'private');
    if (only !== null) setValue('groups', [only]);
  }, [curatorStart, only, getValues, setValue]);
  return { groups, show };
}
