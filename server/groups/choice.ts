// The groups a caller chooses for what they make or change (D13): ids that name
// no group are a 422 at their place in the body (D3); a curator's private
// object needs groups, all of them theirs; a basic user makes nothing public.
import { GROUP_CHOICE_REFUSALS } from '../../src/contract/groups';
import { readingTransaction, type Db } from '../db/database';
import { existingGroupIds } from '../repos/groups';
import type { ValidationError } from '../../src/contract/contract';
import type { Validated } from '../http/validation';
import { problem } from '../http/problems';
import type { Scope } from './visibility';

/** D3's 422 entries for the ids of `groups` (at `loc`, by index) that name no group. */
export async function unknownGroupErrors(
  db: Db,
  groups: readonly number[] | null | undefined,
  loc: (string | number)[],
): Promise<ValidationError[]> {
  if (!groups || groups.length === 0) return [];
  const found = await existingGroupIds(db, groups);
  return groups.flatMap((id, index) =>
    found.has(id)
      ? []
      : [{ loc: [...loc, index], msg: `No user group has id ${id}`, type: 'value_error' as const }],
  );
}

/** D13's refusals (400) of a non-admin's choice; an admin (scope null) chooses freely. */
export function checkGroupChoice(
  scope: Scope | null,
  role: string,
  choice: { isPublic: boolean; groups: readonly number[] },
) {
  if (scope === null) return;
  if (choice.isPublic && role === 'basic') throw problem(400, GROUP_CHOICE_REFUSALS.publicByBasic);
  if (!choice.isPublic && choice.groups.length === 0) {
    throw problem(400, GROUP_CHOICE_REFUSALS.noGroup);
  }
  if (choice.groups.some((group) => !scope.controlled.has(group))) {
    throw problem(400, GROUP_CHOICE_REFUSALS.notControlled);
  }
}

/** A checked body, or D3's 422 for its unknown group ids (before any 404 of the route's own). */
export async function withKnownGroups<T extends { groups?: readonly number[] | null }>(
  db: Db,
  checked: Validated<T>,
): Promise<Validated<T>> {
  if (!checked.ok) return checked;
  const errors = await readingTransaction(db).execute((trx) =>
    unknownGroupErrors(trx, checked.value.groups, ['body', 'groups']),
  );
  return errors.length > 0 ? { ok: false, errors } : checked;
}
