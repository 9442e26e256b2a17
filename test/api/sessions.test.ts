// Panel sessions (docs/security.md, "Sessions"): a key exchanged once for an HttpOnly
// cookie, the cookie acting as the key's user with their current role, a
// sign-out that ends it on the server, its idle time and lifetime, and the
// Origin rule that keeps a page of another site from changing anything.
import { describe, expect, it, vi } from 'vitest';
import { FOREIGN_ORIGIN_REFUSAL, SESSION_ENDED } from '../../src/contract/session';
import { deleteEndedSessions, hashSessionToken } from '../../server/auth/sessions';
import { startTestServer, type TestServer } from '../support/harness';
import { api, jiraRequest, NOT_AUTHENTICATED, snapshotDb } from '../support/http';
import { useTestServer } from '../support/useTestServer';

const server = useTestServer();

/** Signs in with `key` as the panel does; answers the response and the session cookie. */
async function signIn(on: TestServer, key: string, headers: Record<string, string | null> = {}) {
  const response = await api(on, 'POST', '/auth/session', {
    key: null,
    body: { api_key: key },
    headers: { origin: on.origin, ...headers },
  });
  const cookies = response.headers.getSetCookie();
  const session = cookies.find((line) => line.startsWith('sourcedesk_session='));
  const token = session?.split(';')[0]!.slice('sourcedesk_session='.length);
  return { response, cookies, cookie: token ? `sourcedesk_session=${token}` : undefined, token };
}

/** A request with the cookie only (no bearer key), from the server's own page unless said. */
const withCookie = (
  on: TestServer,
  cookie: string,
  method: string,
  path: string,
  options: { body?: unknown; origin?: string | null } = {},
) =>
  api(on, method, path, {
    key: null,
    body: options.body,
    headers: {
      cookie,
      origin: options.origin === undefined ? on.origin : options.origin,
    },
  });

interface AuditItem {
  outcome: string;
  resource_name: string | null;
  changes: Record<string, unknown>;
  actor: { email: string | null; api_key_id: number | null };
}

async function records(action: string) {
  const page = await api(server, 'GET', `/admin/audit?action=${action}`);
  return (page.json as { items: AuditItem[] }).items;
}

describe('signing in with a key', () => {
  it('answers 204 with an HttpOnly, SameSite=Lax session cookie for the whole site, and the hint the panel reads', async () => {
    const { response, cookies, token } = await signIn(server, server.adminKey);
    expect(response.status).toBe(204);
    const session = cookies.find((line) => line.startsWith('sourcedesk_session='))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    // Plain http here: no Secure flag (a browser would drop the cookie).
    expect(session).not.toMatch(/Secure/);
    const hint = cookies.find((line) => line.startsWith('sourcedesk_signed_in='))!;
    expect(hint).toMatch(/^sourcedesk_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/);
    // The database holds the token's hash, never the token.
    const rows = await server.store.db.selectFrom('sessions').selectAll().execute();
    expect(rows.some((row) => row.token_hash === hashSessionToken(token!))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("the cookie acts as the key's user: reads and writes work, and the record names the user", async () => {
    const { cookie } = await signIn(server, server.adminKey);
    const me = await withCookie(server, cookie!, 'GET', '/me');
    expect(me.status).toBe(200);
    expect((me.json as { email: string }).email).toBe(server.adminEmail);
    const made = await withCookie(server, cookie!, 'POST', '/manage/admin/connector', {
      body: jiraRequest({ name: 'Made by a session' }),
    });
    expect(made.status).toBe(200);
    const [record] = await records('connector.create');
    expect(record!.resource_name).toBe('Made by a session');
    expect(record!.actor).toMatchObject({ email: server.adminEmail, api_key_id: null });
    const [login] = await records('auth.login');
    expect(login).toMatchObject({ outcome: 'success', changes: { how: 'api_key' } });
    expect(login!.actor.email).toBe(server.adminEmail);
  });

  it('a wrong key: 401, no session, no cookie, a failed sign-in recorded', async () => {
    const before = await snapshotDb(server);
    const { response, cookies } = await signIn(server, 'sd_not-a-key');
    expect(response.status).toBe(401);
    expect(response.json).toEqual(NOT_AUTHENTICATED);
    expect(cookies).toEqual([]);
    expect((await snapshotDb(server)).sessions).toEqual(before.sessions);
    expect((await records('auth.login_failure')).length).toBeGreaterThan(0);
  });

  it("wrong keys count toward the address's limit, as a bearer key's do (429 with Retry-After)", async () => {
    const limited = await startTestServer({ authFailureLimit: { failures: 2, windowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      for (let tries = 0; tries < 3; tries++) {
        statuses.push((await signIn(limited, 'sd_wrong')).response.status);
      }
      expect(statuses).toEqual([401, 401, 429]);
      const held = await signIn(limited, 'sd_wrong');
      expect(held.response.headers.get('retry-after')).toMatch(/^\d+$/);
      // One limit: a wrong bearer key from the same address waits too.
      expect((await api(limited, 'GET', '/me', { key: 'sd_wrong' })).status).toBe(429);
      // The person who has the key is never held up.
      expect((await signIn(limited, limited.adminKey)).response.status).toBe(204);
    } finally {
      await limited.close();
    }
  });

  it('a body without a key is a 422 (D3) and changes nothing', async () => {
    const before = await snapshotDb(server);
    for (const body of [{}, { api_key: '' }, { api_key: 7 }]) {
      const response = await api(server, 'POST', '/auth/session', { key: null, body });
      expect(response.status).toBe(422);
      expect(response.json).toMatchObject({ detail: [{ loc: ['body', 'api_key'] }] });
    }
    expect((await snapshotDb(server)).sessions).toEqual(before.sessions);
  });

  it('a deactivated user cannot sign in (401 saying so)', async () => {
    const email = 'gone.session@sourcedesk.test';
    const key = await server.keyFor('basic', email);
    await api(server, 'PATCH', '/manage/admin/deactivate-user', { body: { user_email: email } });
    const { response, cookies } = await signIn(server, key);
    expect(response.status).toBe(401);
    expect((response.json as { detail: string }).detail).toMatch(/deactivated/);
    expect(cookies).toEqual([]);
  });

  it('a sign-in posted from a page of another site is refused (403) and opens nothing', async () => {
    const before = await snapshotDb(server);
    const { response, cookies } = await signIn(server, server.adminKey, {
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ detail: FOREIGN_ORIGIN_REFUSAL });
    expect(cookies).toEqual([]);
    expect((await snapshotDb(server)).sessions).toEqual(before.sessions);
  });
});

describe('a session follows its user', () => {
  it('a role change counts at the next request', async () => {
    const email = 'demoted.session@sourcedesk.test';
    const key = await server.keyFor('curator', email);
    const { cookie } = await signIn(server, key);
    expect((await withCookie(server, cookie!, 'GET', '/manage/admin/connector')).status).toBe(200);
    await api(server, 'PATCH', '/manage/set-user-role', {
      body: { user_email: email, new_role: 'basic' },
    });
    const refused = await withCookie(server, cookie!, 'GET', '/manage/admin/connector');
    expect(refused.status).toBe(403);
    expect((await withCookie(server, cookie!, 'GET', '/me')).json).toMatchObject({ role: 'basic' });
  });

  it('deactivation ends every session of the user at once', async () => {
    const email = 'ended.session@sourcedesk.test';
    const key = await server.keyFor('admin', email);
    const first = await signIn(server, key);
    const second = await signIn(server, key);
    expect((await withCookie(server, first.cookie!, 'GET', '/me')).status).toBe(200);
    await api(server, 'PATCH', '/manage/admin/deactivate-user', { body: { user_email: email } });
    for (const { cookie } of [first, second]) {
      const answer = await withCookie(server, cookie!, 'GET', '/me');
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ detail: SESSION_ENDED });
    }
    // Reactivation gives the key back, not the sessions.
    await api(server, 'PATCH', '/manage/admin/activate-user', { body: { user_email: email } });
    expect((await withCookie(server, first.cookie!, 'GET', '/me')).status).toBe(401);
    expect((await api(server, 'GET', '/me', { key })).status).toBe(200);
  });
});

describe('signing out', () => {
  it('ends the session on the server: the cookie opens nothing after, and the browser is told to forget it', async () => {
    const { cookie } = await signIn(server, server.adminKey);
    const out = await withCookie(server, cookie!, 'DELETE', '/auth/session');
    expect(out.status).toBe(204);
    const cleared = out.headers.getSetCookie();
    expect(cleared.find((line) => line.startsWith('sourcedesk_session=;'))).toMatch(/Max-Age=0/);
    expect(cleared.find((line) => line.startsWith('sourcedesk_signed_in=;'))).toMatch(/Max-Age=0/);
    const after = await withCookie(server, cookie!, 'GET', '/me');
    expect(after.status).toBe(401);
    expect(after.json).toEqual({ detail: SESSION_ENDED });
    const [logout] = await records('auth.logout');
    expect(logout!.actor.email).toBe(server.adminEmail);
  });

  it('without a session it still answers 204 and records nothing', async () => {
    const before = (await records('auth.logout')).length;
    const out = await api(server, 'DELETE', '/auth/session', { key: null });
    expect(out.status).toBe(204);
    expect((await records('auth.logout')).length).toBe(before);
  });
});

describe("a write by cookie must come from the server's own pages", () => {
  it('a cross-site form post changes nothing (403, D3 shape), a denied record is written', async () => {
    const { cookie } = await signIn(server, server.adminKey);
    const before = await snapshotDb(server);
    const forged = await api(server, 'POST', '/manage/admin/connector', {
      key: null,
      raw: 'name=evil&source=jira',
      headers: {
        cookie: cookie!,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(forged.status).toBe(403);
    expect(forged.json).toEqual({ detail: FOREIGN_ORIGIN_REFUSAL });
    const noOrigin = await withCookie(server, cookie!, 'POST', '/manage/admin/connector', {
      body: jiraRequest(),
      origin: null,
    });
    expect(noOrigin.status).toBe(403);
    const after = await snapshotDb(server);
    expect(after.connectors).toEqual(before.connectors);
    const [denied] = await records('connector.create');
    expect(denied).toMatchObject({ outcome: 'denied' });
  });

  it('reads by cookie need no Origin, and a bearer key needs none for anything', async () => {
    const { cookie } = await signIn(server, server.adminKey);
    expect((await withCookie(server, cookie!, 'GET', '/me', { origin: null })).status).toBe(200);
    const made = await api(server, 'POST', '/manage/admin/connector', { body: jiraRequest() });
    expect(made.status).toBe(200);
  });
});

describe('how long a session lasts', () => {
  it('ends after its idle time and at its absolute end, whichever comes first', async () => {
    const short = await startTestServer({ sessions: { idleMs: 60_000, lifetimeMs: 3_600_000 } });
    try {
      const idle = await signIn(short, short.adminKey);
      const lasting = await signIn(short, short.adminKey);
      // Past its idle time even counting the minute a last use may wait to be noted.
      const old = new Date(Date.now() - 3 * 60_000).toISOString();
      await short.store.db
        .updateTable('sessions')
        .set({ last_seen_at: old })
        .where('token_hash', '=', hashSessionToken(idle.token!))
        .execute();
      await short.store.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', hashSessionToken(lasting.token!))
        .execute();
      for (const { cookie } of [idle, lasting]) {
        const answer = await withCookie(short, cookie!, 'GET', '/me');
        expect(answer.status).toBe(401);
        expect(answer.json).toEqual({ detail: SESSION_ENDED });
      }
      const fresh = await signIn(short, short.adminKey);
      expect((await withCookie(short, fresh.cookie!, 'GET', '/me')).status).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('idle time counts from the real last use, not the noted one', async () => {
    // A one-minute idle time, the length of the last use's write throttle: before,
    // a session in use ended anyway once its noted use was a minute old.
    const short = await startTestServer({ sessions: { idleMs: 60_000, lifetimeMs: 3_600_000 } });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(start);
      const { cookie } = await signIn(short, short.adminKey);
      const at = async (seconds: number) => {
        vi.setSystemTime(start + seconds * 1000);
        return (await withCookie(short, cookie!, 'GET', '/me')).status;
      };
      // Used every 50 s (each use within the idle time of the one before): it stays open.
      for (const seconds of [50, 100, 150, 200, 250])
        expect(await at(seconds), `${seconds} s`).toBe(200);
      // Then left alone past its idle time, however the uses were noted: it ends.
      expect(await at(250 + 60 + 61)).toBe(401);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });

  it('ended sessions are removed from the database (the daily pass), live ones kept', async () => {
    const settings = { idleMs: 60_000, lifetimeMs: 3_600_000 };
    const kept = await signIn(server, server.adminKey);
    const idle = await signIn(server, server.adminKey);
    const over = await signIn(server, server.adminKey);
    const db = server.store.db;
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 180_000).toISOString() })
      .where('token_hash', '=', hashSessionToken(idle.token!))
      .execute();
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashSessionToken(over.token!))
      .execute();
    await deleteEndedSessions(db, settings);
    const left = (await db.selectFrom('sessions').select('token_hash').execute()).map(
      (row) => row.token_hash,
    );
    expect(left).toContain(hashSessionToken(kept.token!));
    expect(left).not.toContain(hashSessionToken(idle.token!));
    expect(left).not.toContain(hashSessionToken(over.token!));
  });

  it('cookies are Secure when the public address is https', async () => {
    const behindTls = await startTestServer({ publicUrl: 'https://sourcedesk.example.com' });
    try {
      const { cookies } = await signIn(behindTls, behindTls.adminKey, {
        origin: 'https://sourcedesk.example.com',
      });
      expect(cookies).toHaveLength(2);
      for (const line of cookies) expect(line).toMatch(/; Secure/);
    } finally {
      await behindTls.close();
    }
  });
});

describe('sign-in methods', () => {
  it('say a key always works, and no single sign-on unless configured (no key needed)', async () => {
    const methods = await api(server, 'GET', '/auth/methods', { key: null });
    expect(methods.status).toBe(200);
    expect(methods.json).toEqual({ api_key: true, oidc: null });
  });
});
