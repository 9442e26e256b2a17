// SCIM 2.0 (RFC 7643/7644; docs/scim.md): the identity provider keeps users and
// D13 groups in step. Its routes answer `application/scim+json` with RFC 7644's
// envelopes, not D3's shapes, so they are a route group of their own, listed
// here once (SCIM_ROUTES); the token's admin routes are ordinary declarations
// (endpoints/scimToken.ts).
import * as z from 'zod/mini';
import { storableText } from './schemaParts';
import { describeAnswer, TIME_CREATED } from './answerWords';

// The words of the answers' fields (describeAnswer): what the OpenAPI document says of them.
const scimTokenWords = {
  id: "The token's id.",
  name: 'What it is for ("Okta"); the activity log names SCIM\'s changes "SCIM (name)".',
  last_four: 'Its last four characters, to tell it apart: never the secret.',
  time_created: TIME_CREATED,
  last_used_at: 'When the identity provider last used it, to the minute; `null` if never.',
};

/** Where the identity provider is pointed: under the API's /api. */
export const SCIM_BASE_PATH = '/scim/v2';
export const SCIM_CONTENT_TYPE = 'application/scim+json';

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** A list answers at most this many resources (Onyx's limit); 100 unless asked. */
export const SCIM_MAX_COUNT = 500;
export const SCIM_DEFAULT_COUNT = 100;
/** Operations in one PatchOp, and the length of a filter: beyond, 400 (no request holds up others). */
export const SCIM_MAX_OPERATIONS = 1000;
export const SCIM_MAX_FILTER_LENGTH = 2000;

/** A SCIM token starts so, so a person (and a secret scanner) can tell it from an API key. */
export const SCIM_TOKEN_PREFIX = 'sd_scim_';
/** The activity log's actor for a change SCIM made. */
export const scimActor = (tokenName: string) => `SCIM (${tokenName})`;

/** Group names SCIM may not use (Onyx keeps them for its default groups). */
export const RESERVED_GROUP_NAMES = ['Admin', 'Basic'] as const;

/** The words of SCIM's refusals (Onyx's where it has them). */
export const SCIM_WORDS = {
  notAuthenticated: 'Invalid or missing SCIM bearer token',
  userNotFound: (id: string) => `User ${id} not found`,
  groupNotFound: (id: string) => `Group ${id} not found`,
  emailTaken: (email: string) => `User with email ${email} already exists`,
  userNameTaken: (userName: string) => `User with userName ${userName} already exists`,
  privileged: (email: string) =>
    `User with email ${email} is an admin or global curator: SCIM does not manage them`,
  reservedGroup: (name: string) => `'${name}' is a reserved group name.`,
  groupTaken: (name: string) => `Group with name '${name}' already exists`,
  membersNotFound: (ids: readonly string[]) => `Member(s) not found: ${ids.join(', ')}`,
  lastAdmin: 'SCIM cannot deactivate the last active admin',
} as const;

/** The panel's words for a person the identity provider manages. */
export const SCIM_MANAGED_WORDS = 'Managed by your identity provider';
export const SCIM_MANAGED_DEACTIVATE_REASON =
  'Deactivate or reactivate this person in your identity provider: it would undo a change made here.';

/** One route of the SCIM group: `auth` false for discovery, which needs no token. */
export interface ScimRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under /api, Fastify's spelling (`:id`). */
  path: string;
  auth: boolean;
}

const route = (method: ScimRoute['method'], path: string, auth = true): ScimRoute => ({
  method,
  path: `${SCIM_BASE_PATH}${path}`,
  auth,
});

/** Every SCIM route, once: the server registers these and test/api/endpoints.test.ts holds it to them. */
export const SCIM_ROUTES = {
  serviceProviderConfig: route('GET', '/ServiceProviderConfig', false),
  resourceTypes: route('GET', '/ResourceTypes', false),
  schemas: route('GET', '/Schemas', false),
  listUsers: route('GET', '/Users'),
  createUser: route('POST', '/Users'),
  getUser: route('GET', '/Users/:id'),
  replaceUser: route('PUT', '/Users/:id'),
  patchUser: route('PATCH', '/Users/:id'),
  deleteUser: route('DELETE', '/Users/:id'),
  listGroups: route('GET', '/Groups'),
  createGroup: route('POST', '/Groups'),
  getGroup: route('GET', '/Groups/:id'),
  replaceGroup: route('PUT', '/Groups/:id'),
  patchGroup: route('PATCH', '/Groups/:id'),
  deleteGroup: route('DELETE', '/Groups/:id'),
} as const satisfies Record<string, ScimRoute>;

/** `POST /admin/enterprise-settings/scim/token` (Onyx): a name for the new token. */
export const scimTokenRequestSchema = z.object({
  name: storableText.check(
    z.trim(),
    z.minLength(1),
    z.maxLength(100),
    z.describe('What the token is for ("Okta"): the activity log names SCIM\'s changes by it.'),
  ),
});

/** The active token, never its secret: its name, last four characters, when made and last used. */
export const scimTokenSchema = z.object({
  id: z.int(),
  name: z.string(),
  last_four: z.string(),
  time_created: z.string(),
  last_used_at: z.nullable(z.string()),
});
describeAnswer(scimTokenSchema, scimTokenWords);
export type ScimToken = z.infer<typeof scimTokenSchema>;

/** The new token: the only answer that holds its secret (`token`). */
export const scimTokenCreatedSchema = z.object({
  ...scimTokenSchema.shape,
  token: z.string(),
});
describeAnswer(scimTokenCreatedSchema, {
  ...scimTokenWords,
  token: 'The token itself (`sd_scim_…`): only in this answer, never again.',
});

/** `GET …/scim/token`: the active one, or null when none was made. */
export const scimTokenStatusSchema = z.nullable(scimTokenSchema);

/** The ids of the persons SCIM manages (the Users page marks them). */
export const scimManagedSchema = z.object({ user_ids: z.array(z.string()) });
describeAnswer(scimManagedSchema, { user_ids: 'The ids of the people SCIM manages.' });
