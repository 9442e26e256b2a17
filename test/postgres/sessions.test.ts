// Panel sessions are rows of the shared database (docs/security.md, "Sessions"): a
// session opened through instance A works at B, and signing out at B ends it
// at A too. (Runs in `api-pg` only.)
import { expect, it } from 'vitest';
import type { TestServer } from '../support/harness';
import { api } from '../support/http';
import { useTwoInstances } from '../support/useTestServer';

const { a, b } = useTwoInstances();

it('a session opened at A is known at B; signed out at B, it is dead at A', async () => {
  const signIn = await api(a, 'POST', '/auth/session', {
    key: null,
    body: { api_key: a.adminKey },
  });
  expect(signIn.status).toBe(204);
  const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
  const me = (server: TestServer) => api(server, 'GET', '/me', { key: null, headers: { cookie } });
  expect((await me(b)).status).toBe(200);
  expect((await me(a)).status).toBe(200);
  const out = await api(b, 'DELETE', '/auth/session', {
    key: null,
    headers: { cookie, origin: b.origin },
  });
  expect(out.status).toBe(204);
  // api() waits until A has heard B's change (the pushed revision): no sleep.
  expect((await me(a)).status).toBe(401);
  expect((await me(b)).status).toBe(401);
});
