// The identity provider's SCIM token (docs/scim.md), at Onyx's routes: made
// (revoking any other) and shown. The SCIM routes themselves answer in RFC 7644's
// shapes and are listed in ../scim.ts.
import {
  scimManagedSchema,
  scimTokenCreatedSchema,
  scimTokenRequestSchema,
  scimTokenStatusSchema,
} from '../scim';
import { endpoint } from '../endpoint';

const TOKEN = '/admin/enterprise-settings/scim/token';

export const createScimToken = endpoint({
  method: 'POST',
  path: TOKEN,
  summary:
    'A new SCIM token for the identity provider, shown only in this answer (`token`); any other SCIM token stops at once.',
  access: 'admin',
  body: scimTokenRequestSchema,
  answer: scimTokenCreatedSchema,
  action: 'scim_token.create',
  errors: [415, 422],
});

export const getScimToken = endpoint({
  method: 'GET',
  path: TOKEN,
  summary: 'The active SCIM token (name, last four characters, made, last used), or null.',
  access: 'admin',
  answer: scimTokenStatusSchema,
  errors: [],
});

export const listScimManagedUsers = endpoint({
  method: 'GET',
  path: '/admin/enterprise-settings/scim/users',
  summary: 'The ids of the people the identity provider manages through SCIM.',
  access: 'admin',
  answer: scimManagedSchema,
  errors: [],
});
