// The access choice's groups (D13): those the caller controls, by name alone
// (GET /manage/admin/user-group/names answers exactly those). The choice is shown when
// there is a group to choose, or the caller is no admin (a curator's pair goes
// to their groups); a curator starts private to their groups, with the one
// chosen when they have one.
import { useControlledGroupNames } from '../api/groupHooks';
import { useCurrentUser } from '../api/users';
import type { AccessValue, GroupOption } from './AccessChoice';

export interface AccessChoices {
  groups: GroupOption[];
  show: boolean;
  /** Where a curator starts; null for an admin (public) or while loading. */
  start: AccessValue | null;
}

export function useAccessChoices(): AccessChoices {
  const me = useCurrentUser();
  const listed = useControlledGroupNames();
  const groups = listed.data ?? [];
  const loaded = listed.isSuccess && me.isSuccess;
  const admin = me.data?.role === 'admin';
  const show = loaded && (groups.length > 0 || !admin);
  const start: AccessValue | null =
    loaded && !admin
      ? { access: 'private', groups: groups.length === 1 ? [groups[0]!.id] : [] }
      : null;
  return { groups, show, start };
}
