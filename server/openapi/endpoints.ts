// Every endpoint of the API, as the OpenAPI description tells it: what it takes
// and what it answers (who may call it comes from the route's own guard, in the
// document). The schemas are the contract's own;
// test/api/openapi.test.ts holds this table to the routes the server registers
// and to the answers it really gives.
import type { ZodMiniType } from 'zod/mini';
import {
  acceptedUsersPageSchema,
  attachResponseSchema,
  backendVersionSchema,
  connectorCreateRequestSchema,
  connectorCreateResponseSchema,
  connectorDetailSchema,
  connectorListSchema,
  connectorPatchRequestSchema,
  connectorStatusListSchema,
  credentialCreateRequestSchema,
  credentialCreateResponseSchema,
  credentialListSchema,
  credentialPatchRequestSchema,
  credentialSchema,
  currentUserSchema,
  setUserRoleRequestSchema,
  statusResponseSchema,
  versionSetSchema,
} from '../../src/contract/contract';
import * as z from 'zod/mini';
import {
  CONNECTION_TEST_PATH,
  connectionTestRequestSchema,
  connectionTestResultSchema,
} from '../../src/contract/connectionTest';
import { INTEGER_TEXT_BOUNDS } from '../http/body';
import { PAGE_NUM, PAGE_SIZE } from '../routes/users';
import {
  auditPageSchema,
  auditRecordSchema,
  AUDIT_ACTIONS,
  AUDIT_RESOURCE_TYPES,
} from '../../src/contract/audit';
import { AUDIT_LIMIT } from '../audit/query';
import {
  apiKeyListSchema,
  apiKeyPatchSchema,
  apiKeyRequestSchema,
  apiKeySchema,
} from '../../src/contract/apiKeys';
import {
  bulkInviteResponseSchema,
  invitedUserListSchema,
  inviteUsersRequestSchema,
  userByEmailSchema,
} from '../../src/contract/userLife';
import { signInMethodsSchema, signInRequestSchema } from '../../src/contract/session';
import {
  addUsersToGroupSchema,
  minimalUserGroupListSchema,
  setCuratorSchema,
  userGroupCreateSchema,
  userGroupListSchema,
  userGroupSchema,
  userGroupUpdateSchema,
} from '../../src/contract/groups';

const apiKeyId: Parameter = {
  name: 'api_key_id',
  in: 'path',
  description: 'The API key id.',
  integer: INTEGER_TEXT_BOUNDS,
};

/** The activity log's filters, shared by its page and its export. */
const auditFilters: Parameter[] = [
  { name: 'action', in: 'query', description: `One action: ${AUDIT_ACTIONS.join(', ')}.` },
  {
    name: 'actor',
    in: 'query',
    description: "The actor's e-mail address (letter case ignored) or user id.",
  },
  {
    name: 'resource_type',
    in: 'query',
    description: `One of ${AUDIT_RESOURCE_TYPES.join(', ')}.`,
  },
  { name: 'resource_id', in: 'query', description: "The resource's id, as text." },
  { name: 'since', in: 'query', description: 'Records at or after this ISO-8601 date-time.' },
  { name: 'until', in: 'query', description: 'Records at or before this ISO-8601 date-time.' },
  {
    name: 'cursor',
    in: 'query',
    description: 'The next_cursor of the page before: older records.',
  },
];

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  description: string;
  /** An integer within these bounds: the server's own, so the document cannot promise more. */
  integer?: { minimum: number; maximum: number; default?: number };
}

export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI's spelling: `/manage/admin/connector/{connector_id}`. */
  path: string;
  summary: string;
  parameters?: Parameter[];
  body?: ZodMiniType;
  /** The success answer (200); for a stream, one record of it. */
  answer: ZodMiniType;
  /** Streamed as NDJSON (or CSV), not one JSON answer. */
  stream?: boolean;
  /** A CSV file (text/csv), not JSON: `answer` is then a string. */
  csv?: boolean;
  /** Answers 204 with no body (`answer` is then z.null()). */
  noContent?: boolean;
  /** Error statuses beyond those every authenticated endpoint has (401, 403, 413, 429, 503). */
  errors: number[];
}

const connectorId: Parameter = {
  name: 'connector_id',
  in: 'path',
  description: 'The connector id.',
  integer: INTEGER_TEXT_BOUNDS, // any id parses (D3); one that names nothing is a 404
};
const credentialId: Parameter = {
  name: 'credential_id',
  in: 'path',
  description: 'The credential id.',
  integer: INTEGER_TEXT_BOUNDS,
};

const groupId: Parameter = {
  name: 'user_group_id',
  in: 'path',
  description: 'The user group id.',
  integer: INTEGER_TEXT_BOUNDS,
};

export const ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/manage/admin/user-group',
    summary: 'The user groups the caller controls (an admin: every group), by name.',
    answer: userGroupListSchema,
    errors: [],
  },
  {
    method: 'post',
    path: '/manage/admin/user-group',
    summary: 'Create a user group with its members and pairs (admins only).',
    body: userGroupCreateSchema,
    answer: userGroupSchema,
    errors: [400, 404, 415, 422],
  },
  {
    method: 'patch',
    path: '/manage/admin/user-group/{user_group_id}',
    summary: 'Replace a group’s members and pairs; roles follow curatorships.',
    parameters: [groupId],
    body: userGroupUpdateSchema,
    answer: userGroupSchema,
    errors: [404, 415, 422],
  },
  {
    method: 'post',
    path: '/manage/admin/user-group/{user_group_id}/add-users',
    summary: 'Add members to a group (those already in it stay as they are).',
    parameters: [groupId],
    body: addUsersToGroupSchema,
    answer: userGroupSchema,
    errors: [404, 415, 422],
  },
  {
    method: 'post',
    path: '/manage/admin/user-group/{user_group_id}/set-curator',
    summary:
      'Make a member a curator of the group, or stop; a basic member who curates becomes `curator`, a curator who curates nothing `basic`.',
    parameters: [groupId],
    body: setCuratorSchema,
    answer: z.null(),
    errors: [400, 404, 415, 422],
  },
  {
    method: 'delete',
    path: '/manage/admin/user-group/{user_group_id}',
    summary:
      'Delete a group (admins only). Its pairs keep their other groups; a private pair left with none is seen by admins only.',
    parameters: [groupId],
    answer: z.null(),
    errors: [404, 422],
  },
  {
    method: 'get',
    path: '/manage/user-groups/minimal',
    summary:
      'Group ids and names: every group for an admin, the caller’s own groups for anyone else.',
    answer: minimalUserGroupListSchema,
    errors: [],
  },
  {
    method: 'get',
    path: '/manage/admin/connector',
    summary: 'List the connectors (oldest first), optionally only those using one credential.',
    parameters: [
      {
        name: 'credential',
        in: 'query',
        description: 'Only the connectors this credential is attached to.',
        integer: INTEGER_TEXT_BOUNDS,
      },
    ],
    answer: connectorListSchema,
    errors: [422],
  },
  {
    method: 'get',
    path: '/manage/admin/connector-status',
    summary: 'Whether each listed connector is running or paused, by id.',
    answer: connectorStatusListSchema,
    errors: [],
  },
  {
    method: 'post',
    path: '/manage/admin/connector',
    summary: 'Create a connector; attach a credential to it next, or it is not indexed.',
    body: connectorCreateRequestSchema,
    answer: connectorCreateResponseSchema,
    errors: [400, 415, 422],
  },
  {
    method: 'get',
    path: '/manage/admin/connector/{connector_id}',
    summary: 'One connector: its snapshot, status, access and credentials (masked).',
    parameters: [connectorId],
    answer: connectorDetailSchema,
    errors: [404, 422],
  },
  {
    method: 'patch',
    path: '/manage/admin/connector/{connector_id}',
    summary: 'Change a connector: name, config, schedule, access, status (pause or resume).',
    parameters: [connectorId],
    body: connectorPatchRequestSchema,
    answer: connectorDetailSchema,
    errors: [400, 404, 415, 422],
  },
  {
    method: 'delete',
    path: '/manage/admin/connector/{connector_id}',
    summary: 'Delete a connector and its credential pairs.',
    parameters: [connectorId],
    answer: statusResponseSchema,
    errors: [404, 422],
  },
  {
    method: 'put',
    path: '/manage/admin/connector/{connector_id}/credential/{credential_id}',
    summary:
      'Attach a credential to a connector. Attaching it again changes nothing (`success` is then false).',
    parameters: [connectorId, credentialId],
    answer: attachResponseSchema,
    errors: [400, 404, 422],
  },
  {
    method: 'delete',
    path: '/manage/admin/connector/{connector_id}/credential/{credential_id}',
    summary: 'Detach a credential from a connector (idempotent).',
    parameters: [connectorId, credentialId],
    answer: statusResponseSchema,
    errors: [404, 422],
  },
  {
    method: 'post',
    path: CONNECTION_TEST_PATH,
    summary:
      'Test a connection before saving it: checks in words, overall ok (false, null: not all checked, true). Writes nothing; 429 past 20 tests a minute per user.',
    body: connectionTestRequestSchema,
    answer: connectionTestResultSchema,
    errors: [400, 404, 415, 422],
  },
  {
    method: 'post',
    path: '/manage/admin/cc-pair/{cc_pair_id}/test',
    summary:
      'Test a saved connector–credential pair now, with its stored settings and credential: the same answer as a connection test, kept on the pair as its last test (the connector’s `cc_pairs`). Counts against the same limit of 20 tests a minute per user.',
    parameters: [
      {
        name: 'cc_pair_id',
        in: 'path',
        description: 'The connector–credential pair id (a connector’s `cc_pairs`).',
        integer: INTEGER_TEXT_BOUNDS,
      },
    ],
    answer: connectionTestResultSchema,
    errors: [404, 422],
  },
  {
    method: 'get',
    path: '/manage/admin/credential',
    summary: 'List the credentials, their secret values masked.',
    answer: credentialListSchema,
    errors: [],
  },
  {
    method: 'post',
    path: '/manage/credential',
    summary: 'Create a credential; its secret values are encrypted and never shown again.',
    body: credentialCreateRequestSchema,
    answer: credentialCreateResponseSchema,
    errors: [415, 422],
  },
  {
    method: 'patch',
    path: '/manage/admin/credential/{credential_id}',
    summary:
      'Rename a credential or give it new values: merged into the stored ones (null removes a key), or replacing them all with replace_credential_json.',
    parameters: [credentialId],
    body: credentialPatchRequestSchema,
    answer: credentialSchema, // the credential as it is now, masked (D6)
    errors: [400, 404, 415, 422],
  },
  {
    method: 'delete',
    path: '/manage/admin/credential/{credential_id}',
    summary:
      'Delete a credential (400 while connectors use it, unless force=true detaches it first).',
    parameters: [
      credentialId,
      { name: 'force', in: 'query', description: '`true` detaches it from its connectors first.' },
    ],
    answer: statusResponseSchema,
    errors: [400, 404, 422],
  },
  {
    method: 'patch',
    path: '/manage/set-user-role',
    summary: "Change a user's role. Answers `null` when done.",
    body: setUserRoleRequestSchema,
    answer: z.null(), // D8: the body is `null`
    errors: [400, 404, 415, 422],
  },
  {
    method: 'get',
    path: '/manage/users/accepted',
    summary: 'The users directory, by e-mail address, a page at a time.',
    parameters: [
      { name: 'q', in: 'query', description: 'Part of an e-mail address, letter case ignored.' },
      {
        name: 'is_active',
        in: 'query',
        description: 'true: active users only; false: deactivated users only; absent: everyone.',
      },
      { name: 'page_num', in: 'query', description: 'The page, from 0.', integer: PAGE_NUM },
      {
        name: 'page_size',
        in: 'query',
        description: 'Users a page, at most 100.',
        integer: PAGE_SIZE,
      },
    ],
    answer: acceptedUsersPageSchema,
    errors: [422],
  },
  {
    method: 'put',
    path: '/manage/admin/users',
    summary:
      'Invite e-mail addresses (Onyx): all or nothing — one bad address (400, naming each bad one) invites none. Addresses already invited or already users are left as they are.',
    body: inviteUsersRequestSchema,
    answer: bulkInviteResponseSchema,
    errors: [400, 415, 422],
  },
  {
    method: 'get',
    path: '/manage/users/invited',
    summary: 'Open invitations: addresses invited that are not users yet, by address.',
    answer: invitedUserListSchema,
    errors: [],
  },
  {
    method: 'patch',
    path: '/manage/admin/remove-invited-user',
    summary:
      'Withdraw the invitation of `user_email` (letter case ignored); answers how many invitations are left open.',
    body: userByEmailSchema,
    answer: z.int(),
    errors: [415, 422],
  },
  {
    method: 'patch',
    path: '/manage/admin/deactivate-user',
    summary:
      'Deactivate a user: their keys are refused (401 saying so) and their sessions end at once. Not yourself, not the last active admin (400); 404 for an unknown address.',
    body: userByEmailSchema,
    answer: z.null(),
    errors: [400, 404, 415, 422],
  },
  {
    method: 'patch',
    path: '/manage/admin/activate-user',
    summary: 'Reactivate a user: their keys work again. 404 for an unknown address.',
    body: userByEmailSchema,
    answer: z.null(),
    errors: [404, 415, 422],
  },
  {
    method: 'delete',
    path: '/manage/admin/delete-user',
    summary:
      'Delete a deactivated user (400 for an active one, or yourself) with their keys and sessions; what they made stays.',
    body: userByEmailSchema,
    answer: z.null(),
    errors: [400, 404, 415, 422],
  },
  {
    method: 'get',
    path: '/manage/users/download',
    summary: 'Every user as CSV (Onyx): Email, Role, Status (Active or Inactive).',
    answer: z.string(),
    csv: true,
    errors: [],
  },
  {
    method: 'get',
    path: '/admin/audit',
    summary: 'The activity log, newest first, a page at a time (keyset paging on time and id).',
    parameters: [
      ...auditFilters,
      {
        name: 'limit',
        in: 'query',
        description: 'Records a page, at most 200.',
        integer: AUDIT_LIMIT,
      },
    ],
    answer: auditPageSchema,
    errors: [422],
  },
  {
    method: 'get',
    path: '/admin/audit/export',
    summary:
      'Every record of the filter, newest first, streamed as NDJSON (or CSV with format=csv).',
    parameters: [
      ...auditFilters,
      { name: 'format', in: 'query', description: 'ndjson (the default) or csv.' },
    ],
    answer: auditRecordSchema,
    stream: true,
    errors: [422],
  },
  {
    method: 'get',
    path: '/admin/api-key',
    summary:
      'Live API keys by id (Onyx shape, plus expires_at, last_used_at and owner); never a secret.',
    answer: apiKeyListSchema,
    errors: [],
  },
  {
    method: 'post',
    path: '/admin/api-key',
    summary:
      'A new key acting as a user of its own with the role; the secret (api_key) is shown only in this answer.',
    body: apiKeyRequestSchema,
    answer: apiKeySchema,
    errors: [415, 422],
  },
  {
    method: 'patch',
    path: '/admin/api-key/{api_key_id}',
    summary:
      "Rename a key or change its role; 400 for the last lasting admin key, or a person's key's role.",
    parameters: [apiKeyId],
    body: apiKeyPatchSchema,
    answer: apiKeySchema,
    errors: [400, 404, 415, 422],
  },
  {
    method: 'post',
    path: '/admin/api-key/{api_key_id}/regenerate',
    summary:
      'A new secret for the key (shown only in this answer); the old one is refused at once.',
    parameters: [apiKeyId],
    answer: apiKeySchema,
    errors: [404, 422],
  },
  {
    method: 'delete',
    path: '/admin/api-key/{api_key_id}',
    summary: 'Revoke the key at once; 400 for the last admin key that does not expire.',
    parameters: [apiKeyId],
    answer: statusResponseSchema,
    errors: [400, 404, 422],
  },
  {
    method: 'get',
    path: '/me',
    summary: 'Who the key acts as: id, e-mail address and current role.',
    answer: currentUserSchema,
    errors: [],
  },
  {
    method: 'get',
    path: '/versions',
    summary: 'The latest stable, dev and migration version tags.',
    answer: versionSetSchema,
    errors: [],
  },
  {
    method: 'get',
    path: '/version',
    summary: "The running server's version tag.",
    answer: backendVersionSchema,
    errors: [],
  },
  {
    method: 'get',
    path: '/health',
    summary: 'Readiness: 200 while the database answers, 503 with Retry-After while it cannot.',
    answer: z.object({
      status: z.literal('ok').check(z.describe('`ok`: the database answers.')),
    }),
    errors: [503],
  },
  {
    method: 'get',
    path: '/auth/methods',
    summary: 'How one may sign in to the panel: a key always, single sign-on when configured.',
    answer: signInMethodsSchema,
    errors: [],
  },
  {
    method: 'post',
    path: '/auth/session',
    summary:
      'Sign in to the panel with a key: 204 and an HttpOnly session cookie (401 for a wrong key, 403 from a page of another site).',
    body: signInRequestSchema,
    answer: z.null(),
    noContent: true,
    errors: [401, 403, 415, 422, 429, 503],
  },
  {
    method: 'delete',
    path: '/auth/session',
    summary:
      'Sign out: the session ends on the server and the browser is told to forget its cookies (204, also when there was none).',
    answer: z.null(),
    noContent: true,
    errors: [403, 503],
  },
  {
    method: 'get',
    path: '/openapi.json',
    summary: 'This description (OpenAPI 3.1).',
    answer: z.record(z.string(), z.unknown()),
    errors: [],
  },
];
