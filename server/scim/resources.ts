// The resources SCIM answers (RFC 7643): a Sourcedesk user as a SCIM User, a
// D13 group as a SCIM Group, a page of them as a ListResponse, with the
// attributes the identity provider asked to leave out (excludedAttributes).
import { SCIM_SCHEMAS } from '../../src/contract/scim';
import type { ScimGroupRow, ScimUserRow } from '../repos/scim';

type Json = Record<string, unknown>;

export interface Member {
  value: string;
  display: string;
}

export function userResource(
  user: ScimUserRow,
  groups: readonly Member[] | undefined,
  base: string,
): Json {
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: user.id,
    ...(user.external_id !== null && { externalId: user.external_id }),
    userName: user.email,
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: user.is_active,
    ...(groups && { groups }),
    meta: {
      resourceType: 'User',
      created: user.time_created,
      location: `${base}/Users/${user.id}`,
    },
  };
}

export function groupResource(
  group: ScimGroupRow,
  members: readonly Member[] | undefined,
  base: string,
): Json {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: String(group.id),
    ...(group.external_id !== null && { externalId: group.external_id }),
    displayName: group.name,
    ...(members && { members }),
    meta: {
      resourceType: 'Group',
      created: group.time_created,
      lastModified: group.time_updated,
      location: `${base}/Groups/${group.id}`,
    },
  };
}

/** `excludedAttributes=members,groups` in lower case; id and schemas are never left out (RFC 7643 §2.4). */
export function excludedAttributes(text: string | undefined): Set<string> {
  const names = (text ?? '').split(',').map((name) => name.trim().toLowerCase());
  return new Set(names.filter((name) => name && name !== 'id' && name !== 'schemas'));
}

export function withoutExcluded(resource: Json, excluded: ReadonlySet<string>): Json {
  if (excluded.size === 0) return resource;
  return Object.fromEntries(
    Object.entries(resource).filter(([key]) => !excluded.has(key.toLowerCase())),
  );
}

export const listResponse = (
  resources: readonly Json[],
  total: number,
  startIndex: number,
): Json => ({
  schemas: [SCIM_SCHEMAS.listResponse],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});
