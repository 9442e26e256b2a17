// The identity provider's side of SCIM for the tests: a token made by the
// admin, and requests as Okta or Entra ID send them (application/scim+json).
import { api, type ApiOptions } from './http';
import type { TestServer } from './harness';

export const SCIM = '/scim/v2';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';

/** A new SCIM token made through the admin route; its secret. */
export async function makeScimToken(server: TestServer, name = 'Okta'): Promise<string> {
  const made = await api(server, 'POST', '/admin/enterprise-settings/scim/token', {
    body: { name },
  });
  if (made.status !== 200) throw new Error(`scim token: ${made.status} ${made.text}`);
  return (made.json as { token: string }).token;
}

/** A SCIM request with `token`: the body sent as application/scim+json. */
export function scim(
  server: TestServer,
  token: string | null,
  method: string,
  path: string,
  options: Omit<ApiOptions, 'key'> = {},
) {
  const { body, ...rest } = options;
  return api(server, method, `${SCIM}${path}`, {
    key: token,
    ...(body !== undefined && { raw: JSON.stringify(body) }),
    ...rest,
    headers: { 'content-type': 'application/scim+json', ...rest.headers },
  });
}

export const patchOp = (...Operations: unknown[]) => ({ schemas: [PATCH_OP], Operations });

export const oktaUser = (email: string, more: Record<string, unknown> = {}) => ({
  schemas: [USER_SCHEMA],
  userName: email,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ primary: true, value: email, type: 'work' }],
  displayName: 'Ada Lovelace',
  active: true,
  ...more,
});
