// What the service provider offers (RFC 7643 §5–7), answered without a token:
// Entra ID and Okta read these before the token is set. ResourceTypes and
// Schemas are ListResponses, as Entra ID expects.
import { SCIM_MAX_COUNT, SCIM_MAX_OPERATIONS, SCIM_SCHEMAS } from '../../src/contract/scim';
import { listResponse } from './resources';

const attribute = (
  name: string,
  type: string,
  more: Record<string, unknown> = {},
): Record<string, unknown> => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

const subAttributes = (names: readonly string[]) =>
  names.map((name) => attribute(name, name === 'primary' ? 'boolean' : 'string'));

export const serviceProviderConfig = () => ({
  schemas: [SCIM_SCHEMAS.serviceProviderConfig],
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: SCIM_MAX_COUNT },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'OAuth Bearer Token',
      description: `A SCIM token made in Settings → Identity provider (SCIM). At most ${SCIM_MAX_OPERATIONS} operations per PATCH.`,
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig' },
});

const USER_SCHEMA = {
  schemas: [SCIM_SCHEMAS.schema],
  id: SCIM_SCHEMAS.user,
  name: 'User',
  description: 'A person who signs in to Sourcedesk; the address is the userName.',
  attributes: [
    attribute('userName', 'string', { required: true, uniqueness: 'server' }),
    attribute('externalId', 'string', { caseExact: true }),
    attribute('active', 'boolean'),
    attribute('emails', 'complex', {
      multiValued: true,
      subAttributes: subAttributes(['value', 'type', 'primary']),
    }),
    attribute('groups', 'complex', {
      multiValued: true,
      mutability: 'readOnly',
      subAttributes: subAttributes(['value', 'display']),
    }),
  ],
  meta: { resourceType: 'Schema', location: `/Schemas/${SCIM_SCHEMAS.user}` },
};

const GROUP_SCHEMA = {
  schemas: [SCIM_SCHEMAS.schema],
  id: SCIM_SCHEMAS.group,
  name: 'Group',
  description: 'A Sourcedesk user group: its name and members (never its curators).',
  attributes: [
    attribute('displayName', 'string', { required: true, caseExact: true, uniqueness: 'server' }),
    attribute('externalId', 'string', { caseExact: true }),
    attribute('members', 'complex', {
      multiValued: true,
      subAttributes: subAttributes(['value', 'display']),
    }),
  ],
  meta: { resourceType: 'Schema', location: `/Schemas/${SCIM_SCHEMAS.group}` },
};

export const schemas = () => listResponse([USER_SCHEMA, GROUP_SCHEMA], 2, 1);

export const resourceTypes = () =>
  listResponse(
    [
      {
        schemas: [SCIM_SCHEMAS.resourceType],
        id: 'User',
        name: 'User',
        endpoint: '/Users',
        schema: SCIM_SCHEMAS.user,
        meta: { resourceType: 'ResourceType', location: '/ResourceTypes/User' },
      },
      {
        schemas: [SCIM_SCHEMAS.resourceType],
        id: 'Group',
        name: 'Group',
        endpoint: '/Groups',
        schema: SCIM_SCHEMAS.group,
        meta: { resourceType: 'ResourceType', location: '/ResourceTypes/Group' },
      },
    ],
    2,
    1,
  );
