// What a SCIM body asks of a user or a group: POST and PUT bodies, and RFC 7644
// PatchOps in Okta's dialect (lower-case ops, paths) and Entra ID's (capitalised
// ops, path-less values, "False" as text, `members[value eq "…"]`). Each turns
// into a small list of changes, so a group's members change by the ids named.
import { isEmailAddress } from '../../src/contract/rules';
import { SCIM_MAX_OPERATIONS, SCIM_SCHEMAS } from '../../src/contract/scim';
import { isObject, type Json } from './body';
import { badRequest } from './errors';
import { attributeName, parseFilter, type Filter } from './filter';

const EXTERNAL_ID_MAX = 512;
const GROUP_NAME_MAX = 200;

export interface UserFields {
  userName?: string;
  active?: boolean;
  externalId?: string | null;
}

export type MemberChange =
  { kind: 'add' | 'remove' | 'replace'; ids: string[] } | { kind: 'removeAll' };

export interface GroupFields {
  displayName?: string;
  externalId?: string | null;
  members: MemberChange[];
}

/** `active` as sent: true or false, or Entra ID's "True" and "False". */
function activeValue(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) {
    return value.toLowerCase() === 'true';
  }
  throw badRequest("'active' must be true or false");
}

function userNameValue(value: unknown): string {
  if (typeof value !== 'string' || !isEmailAddress(value.trim())) {
    throw badRequest("'userName' must be the person's e-mail address");
  }
  return value.trim();
}

function externalIdValue(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string' || value.length > EXTERNAL_ID_MAX || value.includes('\u0000')) {
    throw badRequest(`'externalId' must be text of at most ${EXTERNAL_ID_MAX} characters`);
  }
  return value;
}

function displayNameValue(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name || name.length > GROUP_NAME_MAX || name.includes('\u0000')) {
    throw badRequest(`'displayName' must be text of 1 to ${GROUP_NAME_MAX} characters`);
  }
  return name;
}

function memberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((member) => {
    if (!isObject(member) || typeof member.value !== 'string' || member.value === '') {
      throw badRequest("Each member must be an object with the user's id as 'value'");
    }
    return member.value;
  });
}

/** A user's fields from a POST or PUT body: userName required; active true unless said. */
export function userFromBody(body: Json): Required<UserFields> {
  return {
    userName: userNameValue(body.userName),
    active: body.active === undefined ? true : activeValue(body.active),
    externalId: body.externalId === undefined ? null : externalIdValue(body.externalId),
  };
}

/** A group's fields from a POST or PUT body: displayName required; its members replaced. */
export function groupFromBody(body: Json): GroupFields & { displayName: string } {
  return {
    displayName: displayNameValue(body.displayName),
    externalId: body.externalId === undefined ? null : externalIdValue(body.externalId),
    members: [{ kind: 'replace', ids: body.members === undefined ? [] : memberIds(body.members) }],
  };
}

interface Operation {
  op: 'add' | 'remove' | 'replace';
  path: string | undefined;
  value: unknown;
  index: number;
}

/** The operations of a PatchOp body, their `op` in either letter case. */
function operationsOf(body: Json): Operation[] {
  const { schemas, Operations: operations } = body;
  if (
    schemas !== undefined &&
    !(Array.isArray(schemas) && schemas.includes(SCIM_SCHEMAS.patchOp))
  ) {
    throw badRequest(`'schemas' must hold ${SCIM_SCHEMAS.patchOp}`, 'invalidSyntax');
  }
  if (!Array.isArray(operations) || operations.length === 0) {
    throw badRequest("'Operations' must be a list of one or more operations", 'invalidSyntax');
  }
  if (operations.length > SCIM_MAX_OPERATIONS) {
    throw badRequest(`At most ${SCIM_MAX_OPERATIONS} operations per request`, 'tooMany');
  }
  return operations.map((operation: unknown, index) => {
    if (!isObject(operation) || typeof operation.op !== 'string') {
      throw badRequest(`Operation ${index + 1} has no 'op'`, 'invalidSyntax');
    }
    const op = operation.op.toLowerCase();
    if (op !== 'add' && op !== 'remove' && op !== 'replace') {
      throw badRequest(
        `Operation ${index + 1}: unknown op '${operation.op}' (add, remove or replace)`,
        'invalidSyntax',
      );
    }
    const { path } = operation;
    if (path !== undefined && (typeof path !== 'string' || path.trim() === '')) {
      throw badRequest(`Operation ${index + 1}: 'path' must be text`, 'invalidPath');
    }
    if (op !== 'remove' && operation.value === undefined) {
      throw badRequest(`Operation ${index + 1}: '${op}' needs a 'value'`, 'invalidValue');
    }
    return { op, path: path?.trim(), value: operation.value, index };
  });
}

/**
 * The user's fields a PatchOp sets. Attributes Sourcedesk does not keep (name,
 * displayName, title, the enterprise extension, emails beside userName) are
 * accepted and left alone, as identity providers send them on every sync.
 */
export function userPatch(body: Json): UserFields {
  const fields: UserFields = {};
  const set = (name: string, value: unknown, op: Operation) => {
    const attribute = attributeName(name);
    if (attribute === 'active') fields.active = activeValue(value);
    else if (attribute === 'username') fields.userName = userNameValue(value);
    else if (attribute === 'externalid') {
      fields.externalId = op.op === 'remove' ? null : externalIdValue(value);
    }
  };
  for (const op of operationsOf(body)) {
    if (op.path === undefined) {
      if (op.op === 'remove') throw badRequest('A remove needs a path', 'noTarget');
      if (!isObject(op.value)) {
        throw badRequest(`Operation ${op.index + 1}: a value without a path must be an object`);
      }
      for (const [name, value] of Object.entries(op.value)) set(name, value, op);
    } else if (op.op === 'remove') {
      const attribute = attributeName(op.path);
      if (attribute === 'username' || attribute === 'active') {
        throw badRequest(`'${op.path}' cannot be removed`, 'mutability');
      }
      set(op.path, null, op);
    } else set(op.path, op.value, op);
  }
  return fields;
}

/** The ids a `members[value eq "…"]` path names (value eq, joined by or). */
function idsOfMemberFilter(filter: Filter): string[] {
  if (filter.kind === 'or')
    return [...idsOfMemberFilter(filter.left), ...idsOfMemberFilter(filter.right)];
  if (
    filter.kind === 'compare' &&
    filter.op === 'eq' &&
    attributeName(filter.path) === 'value' &&
    typeof filter.value === 'string'
  ) {
    return [filter.value];
  }
  throw badRequest('A members path names members by value eq "<id>"', 'invalidPath');
}

const MEMBER_PATH = /^members\[(.*)\]$/is;

/** A group's changes from a PatchOp, in their order. */
export function groupPatch(body: Json): GroupFields {
  const fields: GroupFields = { members: [] };
  const set = (name: string, value: unknown, op: Operation) => {
    const attribute = attributeName(name);
    if (attribute === 'displayname') fields.displayName = displayNameValue(value);
    else if (attribute === 'externalid') {
      fields.externalId = op.op === 'remove' ? null : externalIdValue(value);
    } else if (attribute === 'members' || attribute === 'members.value') {
      if (op.op === 'remove' && (value === undefined || value === null)) {
        fields.members.push({ kind: 'removeAll' });
      } else fields.members.push({ kind: op.op, ids: memberIds(value) });
    } else if (attribute !== 'id') {
      throw badRequest(`Operation ${op.index + 1}: unknown attribute '${name}'`, 'invalidPath');
    }
  };
  for (const op of operationsOf(body)) {
    const members = op.path === undefined ? null : MEMBER_PATH.exec(op.path);
    if (members) {
      if (op.op !== 'remove') {
        throw badRequest('Add or replace members with the path "members"', 'invalidPath');
      }
      fields.members.push({ kind: 'remove', ids: idsOfMemberFilter(parseFilter(members[1]!)) });
    } else if (op.path === undefined) {
      if (op.op === 'remove') throw badRequest('A remove needs a path', 'noTarget');
      if (!isObject(op.value)) {
        throw badRequest(`Operation ${op.index + 1}: a value without a path must be an object`);
      }
      for (const [name, value] of Object.entries(op.value)) set(name, value, op);
    } else set(op.path, op.value, op);
  }
  return fields;
}
