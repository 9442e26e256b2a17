// Single sign-on (docs/security.md, "Single sign-on") against a real OpenID provider on
// 127.0.0.1 (test/support/oidcProvider.ts): the code flow with PKCE, state and
// nonce; who gets in (a known user, an invitation, an allowed domain, a role
// claim) and who does not; every refusal leaves no session and no user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHandmadeProvider, type HandmadeProvider } from '../support/handmadeProvider';
import { startTestProvider, type TestProvider } from '../support/oidcProvider';
import { startTestServer, type TestServer } from '../support/harness';
import { api, snapshotDb } from '../support/http';

let provider: TestProvider;
let server: TestServer;

beforeAll(async () => {
  provider = await startTestProvider();
  server = await startTestServer({
    oidc: {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      name: 'Test ID',
      allowedDomains: ['allowed.test'],
      roleClaim: { claim: 'groups', roles: { 'sd-admins': 'admin', 'sd-curators': 'curator' } },
    },
  });
  provider.allow(server.origin);
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

/** A browser's cookie jar, enough for two servers on 127.0.0.1 (cookies by name and path). */
class Jar {
  private readonly cookies = new Map<string, { value: string; path: string; host: string }>();
  take(url: string, response: Response) {
    const host = new URL(url).host;
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const gone = attributes.some((a) => /^max-age=0$/i.test(a));
      const key = `${host} ${name}`;
      if (gone || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { value, path, host });
    }
  }
  header(url: string) {
    const { host, pathname } = new URL(url);
    return [...this.cookies.entries()]
      .filter(([key, c]) => key.startsWith(`${host} `) && pathname.startsWith(c.path))
      .map(([key, c]) => `${key.slice(host.length + 1)}=${c.value}`)
      .join('; ');
  }
  get(name: string) {
    return [...this.cookies.entries()].find(([key]) => key.endsWith(` ${name}`))?.[1].value;
  }
}

interface Walk {
  /** The last answer: the callback's, or the provider's where the walk stopped. */
  response: Response;
  jar: Jar;
  /** The authorization request the server sent the browser to. */
  authorization: URL;
  /** The provider's redirect to the callback, with its code and state. */
  callback?: string;
  /** The pending sign-in's cookie as it was when the callback was followed. */
  pending?: string;
}

/** Follows redirects by hand, as a browser would, keeping cookies. */
async function go(jar: Jar, url: string, init: RequestInit = {}) {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) },
  });
  jar.take(url, response);
  return response;
}

/**
 * A whole sign-in as `email`: the panel's "Sign in with Test ID" link, the
 * provider's page, and back. `tamper` may change the callback address before it
 * is followed.
 */
async function signInAs(
  email: string,
  { next = '/connectors', tamper }: { next?: string; tamper?: (callback: string) => string } = {},
): Promise<Walk> {
  const jar = new Jar();
  let response = await go(jar, `${server.origin}/auth/oidc/login?next=${encodeURIComponent(next)}`);
  expect(response.status).toBe(303);
  const authorization = new URL(response.headers.get('location')!);
  let url = authorization.href;
  // The provider: its sign-in page, the e-mail posted, then its redirects.
  for (let hops = 0; hops < 10; hops++) {
    response = await go(jar, url);
    if (response.status === 200 && url.includes('/interaction/')) {
      response = await go(jar, url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email }).toString(),
      });
    }
    const location = response.headers.get('location');
    if (!location) break;
    url = new URL(location, url).href;
    if (url.startsWith(`${server.origin}/auth/oidc/callback`)) {
      const callback = tamper ? tamper(url) : url;
      const pending = jar.get('sourcedesk_oidc');
      return { response: await go(jar, callback), jar, authorization, callback, pending };
    }
  }
  return { response, jar, authorization };
}

const me = (jar: Jar) =>
  api(server, 'GET', '/me', { key: null, headers: { cookie: jar.header(`${server.apiUrl}/me`) } });

async function records(action: string, on: TestServer = server) {
  const page = await api(on, 'GET', `/admin/audit?action=${action}`);
  return (
    page.json as { items: { resource_name: string | null; changes: Record<string, unknown> }[] }
  ).items;
}

describe('the sign-in request', () => {
  it("goes to the provider with the code flow, PKCE (S256), state, nonce and this server's callback", async () => {
    const jar = new Jar();
    const response = await go(jar, `${server.origin}/auth/oidc/login?next=/users`);
    expect(response.status).toBe(303);
    const to = new URL(response.headers.get('location')!);
    expect(to.origin).toBe(provider.issuer);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('client_id')).toBe(provider.clientId);
    expect(to.searchParams.get('redirect_uri')).toBe(`${server.origin}/auth/oidc/callback`);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    // The pending sign-in is sealed (nothing of it readable) and HttpOnly, for the callback's path only.
    const pending = response.headers.getSetCookie()[0]!;
    expect(pending).toMatch(/^sourcedesk_oidc=v1:/);
    expect(pending).toMatch(/Path=\/auth\/oidc/);
    expect(pending).toMatch(/HttpOnly/);
    expect(pending).not.toContain(to.searchParams.get('state')!);
  });

  it("the panel is told the provider's name and where sign-in starts", async () => {
    const methods = await api(server, 'GET', '/auth/methods', { key: null });
    expect(methods.json).toEqual({
      api_key: true,
      oidc: { name: 'Test ID', login_url: '/auth/oidc/login' },
    });
  });
});

describe('who gets in', () => {
  it('an invited address: made a basic user on its first sign-in, its invitation ended, back to the page it was going to', async () => {
    const email = 'ann@invited.test';
    const invited = await api(server, 'PUT', '/manage/admin/users', { body: { emails: [email] } });
    expect(invited.status).toBe(200);
    // With single sign-on no sign-in link is made: the invited sign in through it.
    expect(invited.json).not.toHaveProperty('sign_in_links');
    expect(await server.store.db.selectFrom('invitation_links').selectAll().execute()).toEqual([]);
    const { response, jar } = await signInAs(email, { next: '/connectors?status=paused' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/connectors?status=paused');
    const session = response.headers
      .getSetCookie()
      .find((l) => l.startsWith('sourcedesk_session='));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    const who = await me(jar);
    expect(who.status).toBe(200);
    expect(who.json).toMatchObject({ email, role: 'basic' });
    const open = (await api(server, 'GET', '/manage/users/invited')).json as { email: string }[];
    expect(open.map((entry) => entry.email)).not.toContain(email);
    const [created] = await records('user.create');
    expect(created).toMatchObject({ resource_name: email, changes: { how: 'invited' } });
    const [login] = await records('auth.login');
    expect(login!.changes).toEqual({ how: 'oidc' });
  });

  it('a known user signs in with their role; sign-out kills the cookie', async () => {
    const email = 'kim@known.test';
    await server.keyFor('curator', email);
    const { jar } = await signInAs(email);
    expect((await me(jar)).json).toMatchObject({ email, role: 'curator' });
    const cookie = jar.header(`${server.apiUrl}/me`);
    const out = await api(server, 'DELETE', '/auth/session', {
      key: null,
      headers: { cookie, origin: server.origin },
    });
    expect(out.status).toBe(204);
    expect((await api(server, 'GET', '/me', { key: null, headers: { cookie } })).status).toBe(401);
  });

  it('a verified address of an allowed domain gets in as basic', async () => {
    const { jar } = await signInAs('dee@allowed.test');
    expect((await me(jar)).json).toMatchObject({ email: 'dee@allowed.test', role: 'basic' });
  });

  it('a mapped claim gives the role (the most powerful of several), and follows the claim later', async () => {
    provider.accounts.set('gus@groups.test', { groups: ['sd-curators', 'sd-admins', 'other'] });
    const first = await signInAs('gus@groups.test');
    expect((await me(first.jar)).json).toMatchObject({ role: 'admin' });
    provider.accounts.set('gus@groups.test', { groups: ['sd-curators'] });
    const second = await signInAs('gus@groups.test');
    expect((await me(second.jar)).json).toMatchObject({ role: 'curator' });
  });

  it('anyone else sees "not invited", and no session or user is made', async () => {
    const before = await snapshotDb(server);
    const { response, jar } = await signInAs('stranger@elsewhere.test');
    expect(response.status).toBe(403);
    const page = await response.text();
    expect(page).toContain('Not invited');
    expect(page).toContain('stranger@elsewhere.test is not invited');
    expect(jar.get('sourcedesk_session')).toBeUndefined();
    const after = await snapshotDb(server);
    expect(after.users).toEqual(before.users);
    expect(after.sessions).toEqual(before.sessions);
    const [refused] = await records('auth.login_failure');
    expect(refused).toMatchObject({
      resource_name: 'stranger@elsewhere.test',
      changes: { how: 'oidc', reason: 'not_invited' },
    });
  });

  it('an address the provider does not vouch for is refused, even of an allowed domain', async () => {
    provider.accounts.set('unverified@allowed.test', { email_verified: false });
    const before = await snapshotDb(server);
    const { response } = await signInAs('unverified@allowed.test');
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('verified');
    expect((await snapshotDb(server)).users).toEqual(before.users);
  });

  it('a deactivated user is refused and told so', async () => {
    const email = 'off@known.test';
    await server.keyFor('basic', email);
    await api(server, 'PATCH', '/manage/admin/deactivate-user', { body: { user_email: email } });
    const before = await snapshotDb(server);
    const { response } = await signInAs(email);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('deactivated');
    expect((await snapshotDb(server)).sessions).toEqual(before.sessions);
  });
});

describe('a callback that is not what this browser started', () => {
  it('a wrong state is refused, nothing is made', async () => {
    await api(server, 'PUT', '/manage/admin/users', { body: { emails: ['state@invited.test'] } });
    const before = await snapshotDb(server);
    const { response } = await signInAs('state@invited.test', {
      tamper: (url) => url.replace(/state=[^&]+/, 'state=forged'),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Sign-in did not complete');
    const after = await snapshotDb(server);
    expect(after.users).toEqual(before.users);
    expect(after.sessions).toEqual(before.sessions);
  });

  it('a replayed code is refused: the callback followed twice opens one session', async () => {
    await api(server, 'PUT', '/manage/admin/users', { body: { emails: ['replay@invited.test'] } });
    const { response, callback, pending } = await signInAs('replay@invited.test');
    expect(response.status).toBe(303);
    expect(pending).toBeTruthy();
    const sessions = (await snapshotDb(server)).sessions;
    // The same address again, with the pending sign-in's cookie as it was (a copy
    // kept by whoever saw both): the state is spent (and so is the provider's code).
    const again = await fetch(callback!, {
      redirect: 'manual',
      headers: { cookie: `sourcedesk_oidc=${pending}` },
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('already used');
    expect((await snapshotDb(server)).sessions).toEqual(sessions);
  });

  it('a cut pending cookie (anyone can send one) is "did not complete", not a 500', async () => {
    const { pending } = await signInAs('cut@allowed.test');
    for (const cut of [pending!.slice(0, 10), pending!.slice(0, 3), 'v1:', 'v1:AAAA']) {
      const answer = await fetch(`${server.origin}/auth/oidc/callback?code=abc&state=def`, {
        redirect: 'manual',
        headers: { cookie: `sourcedesk_oidc=${cut}` },
      });
      expect(answer.status, cut).toBe(400);
      expect(await answer.text()).toContain('Sign-in did not complete');
    }
  });

  it("a panel key's hidden address is refused with a page that says so", async () => {
    const made = await api(server, 'POST', '/admin/api-key', {
      body: { name: 'A bot', role: 'admin' },
    });
    const hidden = (made.json as { user_email: string }).user_email;
    expect(hidden).toMatch(/@api-keys\.invalid$/);
    const before = await snapshotDb(server);
    const { response, jar } = await signInAs(hidden);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('belongs to an API key, not to a person');
    expect(jar.get('sourcedesk_session')).toBeUndefined();
    const after = await snapshotDb(server);
    expect(after.users).toEqual(before.users);
    expect(after.sessions).toEqual(before.sessions);
    const [refused] = await records('auth.login_failure');
    expect(refused).toMatchObject({ changes: { how: 'oidc', reason: 'api_key_address' } });
  });

  it('a callback with no sign-in started in this browser is refused', async () => {
    const answer = await fetch(`${server.origin}/auth/oidc/callback?code=abc&state=def`, {
      redirect: 'manual',
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('not started in this browser');
  });

  // Each is the `next` the browser asked for, before the sign-in link's own encoding.
  const elsewhere = [
    ['an absolute URL', 'https://evil.example/'],
    ['a scheme-relative one', '//evil.example/x'],
    ['a backslash', '/\\evil.example'],
    ['slash and backslash', '/\\/evil.example'],
    ['a tab (read as //)', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a newline that would split the header', '/x\r\nSet-Cookie: a=b'],
    ['a NUL', '/\u0000/evil.example'],
    ['no leading slash', 'evil.example'],
    ['javascript:', 'javascript:alert(1)'],
  ] as const;
  for (const [what, next] of elsewhere) {
    it(`the page to return to is one of this server's: ${what} → /, with one session`, async () => {
      const before = (await snapshotDb(server)).sessions!.length;
      const { response, jar } = await signInAs('next@allowed.test', { next });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/');
      expect((await me(jar)).status).toBe(200);
      expect((await snapshotDb(server)).sessions!.length).toBe(before + 1);
    });
  }

  it('encoded forms stay encoded: a path of this server, never another site', async () => {
    for (const next of ['/%09/evil.example', '/%5Cevil.example', '/%2F%2Fevil.example']) {
      const { response } = await signInAs('next@allowed.test', { next });
      expect(response.status).toBe(303);
      const location = response.headers.get('location')!;
      expect(location).toBe(next);
      expect(new URL(location, server.origin).origin).toBe(server.origin);
    }
  });
});

describe('ID tokens a certified provider would never send', () => {
  let handmade: HandmadeProvider;
  let strict: TestServer;
  const email = 'hal@handmade.test';

  beforeAll(async () => {
    handmade = await startHandmadeProvider(email);
    strict = await startTestServer({
      oidc: {
        issuer: handmade.issuer,
        clientId: handmade.clientId,
        clientSecret: handmade.clientSecret,
        name: 'Handmade',
        allowedDomains: ['handmade.test'],
        roleClaim: undefined,
      },
    });
  });
  afterAll(async () => {
    await strict?.close();
    await handmade?.close();
  });

  const loginFailures = (on: TestServer) => records('auth.login_failure', on);

  async function attempt() {
    return (await attemptKept()).response;
  }

  /** A sign-in, with what a copy of it would need: the callback and the pending cookie. */
  async function attemptKept() {
    const jar = new Jar();
    let response = await go(jar, `${strict.origin}/auth/oidc/login`);
    response = await go(jar, response.headers.get('location')!);
    const callback = response.headers.get('location')!;
    const pending = jar.get('sourcedesk_oidc')!;
    return { response: await go(jar, callback), callback, pending };
  }

  it('a provider that takes a code twice still gives one session: the state is spent', async () => {
    handmade.flaw = { codeAgain: true };
    const first = await attemptKept();
    expect(first.response.status).toBe(303);
    const sessions = (await snapshotDb(strict)).sessions;
    const failuresBefore = await loginFailures(strict);
    const again = await fetch(first.callback, {
      redirect: 'manual',
      headers: { cookie: `sourcedesk_oidc=${first.pending}` },
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('already used');
    expect(again.headers.getSetCookie().some((l) => l.startsWith('sourcedesk_session='))).toBe(
      false,
    );
    expect((await snapshotDb(strict)).sessions).toEqual(sessions);
    const failures = await loginFailures(strict);
    expect(failures).toHaveLength(failuresBefore.length + 1);
    expect(failures[0]!.changes).toEqual({ how: 'oidc', reason: 'sign_in_reused' });
  });

  it('the provider as it should be: the sign-in works (so each refusal below is its flaw)', async () => {
    handmade.flaw = {};
    const response = await attempt();
    expect(response.status, await response.clone().text()).toBe(303);
  });

  for (const [what, flaw] of [
    ['another audience', { aud: 'some-other-client' }],
    ['an expired ID token', { expiresIn: -120 }],
    ['a wrong nonce', { nonce: 'not-the-one-sent' }],
    // openid-client checks signatures only with enableNonRepudiationChecks.
    ['an ID token signed by another key with the same kid', { signature: 'other-key' }],
    ['an ID token with one byte of its signature flipped', { signature: 'flipped-byte' }],
    ['an unsigned ID token (alg none, empty signature)', { signature: 'none' }],
  ] as const) {
    it(`${what} is refused, and nothing is made`, async () => {
      handmade.flaw = flaw;
      const before = await snapshotDb(strict);
      const failuresBefore = await loginFailures(strict);
      const response = await attempt();
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('did not confirm who you are');
      expect(response.headers.getSetCookie().some((l) => l.startsWith('sourcedesk_session='))).toBe(
        false,
      );
      const after = await snapshotDb(strict);
      expect(after.users).toEqual(before.users);
      expect(after.sessions).toEqual(before.sessions);
      const failures = await loginFailures(strict);
      expect(failures).toHaveLength(failuresBefore.length + 1);
      expect(failures[0]!.changes).toEqual({ how: 'oidc', reason: 'provider_answer_refused' });
    });
  }
});
