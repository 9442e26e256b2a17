// Sign-in links of invitations (docs/security.md, "Sign-in links
// of invitations"): on a server without single sign-on, inviting answers one link
// per new address, shown once and stored as a hash; the link signs that person
// in once, as themselves (`basic`), within its days, unless withdrawn. A used,
// expired, withdrawn or unknown link answers 410 in words and opens nothing.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { INVITATION_LINK_REFUSALS } from '../../src/contract/invitationLinks';
import { FOREIGN_ORIGIN_REFUSAL } from '../../src/contract/session';
import { hashApiKey } from '../../server/auth/apiKeys';
import type { TestServer } from '../support/harness';
import { api, snapshotDb } from '../support/http';
import { useTestServer } from '../support/useTestServer';

const server = useTestServer();
// The links of this one are over as soon as they are made (a setting, not a clock).
const expiring = useTestServer({
  sessions: { idleMs: 3_600_000, lifetimeMs: 3_600_000, invitationLinkMs: 0 },
});

const DAY_MS = 24 * 60 * 60_000;
let serial = 0;
const address = (name: string) => `${name}.${++serial}@links.test`;

interface InviteAnswer {
  invited_count: number;
  invited_emails: string[];
  sign_in_links?: { email: string; link: string; expires_at: string }[];
}

async function invite(on: TestServer, emails: string[]) {
  const response = await api(on, 'PUT', '/manage/admin/users', { body: { emails } });
  expect(response.status, response.text).toBe(200);
  return response.json as InviteAnswer;
}

const tokenOf = (link: string) => new URL(link).hash.slice('#invitation='.length);

/** Follows a link as the panel does (from the server's own page); answers the session cookie. */
async function useLink(on: TestServer, token: string, origin: string = on.origin) {
  const response = await api(on, 'POST', '/auth/invitation', {
    key: null,
    body: { token },
    headers: { origin },
  });
  const session = response.headers
    .getSetCookie()
    .find((line) => line.startsWith('sourcedesk_session='));
  return { response, cookie: session?.split(';')[0] };
}

const me = (on: TestServer, cookie: string) =>
  api(on, 'GET', '/me', { key: null, headers: { cookie } });

async function records(on: TestServer, action: string) {
  const page = await api(on, 'GET', `/admin/audit?action=${action}`);
  return (page.json as { items: Record<string, unknown>[] }).items;
}

const invitedList = async (on: TestServer) =>
  ((await api(on, 'GET', '/manage/users/invited')).json as { email: string }[]).map(
    ({ email }) => email,
  );

/** Failed sign-ins recorded (one record per address and minute, counting them). */
const failedSignIns = async (on: TestServer) =>
  (await records(on, 'auth.login_failure')).reduce(
    (sum, record) => sum + Number((record.changes as { count: number }).count),
    0,
  );

/** Refused with 410 and these words: no cookie, nothing changed, a failed sign-in recorded. */
async function expectLinkRefused(on: TestServer, token: string, words: string) {
  const before = await snapshotDb(on);
  const failures = await failedSignIns(on);
  const { response, cookie } = await useLink(on, token);
  expect(response.status, response.text).toBe(410);
  expect(response.json).toEqual({ detail: words });
  expect(cookie).toBeUndefined();
  const after = await snapshotDb(on);
  delete after.audit_log;
  delete before.audit_log;
  expect(after).toEqual(before);
  expect(await failedSignIns(on)).toBe(failures + 1);
}

describe('inviting without single sign-on', () => {
  it('answers one link per new address, on this server, for 7 days; the server keeps only its hash', async () => {
    const ann = address('ann');
    const bob = address('bob');
    const answer = await invite(server, [ann, bob]);
    expect(answer.invited_emails).toEqual([ann, bob]);
    expect(answer.sign_in_links!.map(({ email }) => email)).toEqual([ann, bob]);
    for (const { link, expires_at } of answer.sign_in_links!) {
      expect(link).toMatch(new RegExp(`^${server.origin}/#invitation=[\\w-]{43}$`));
      expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(7 * DAY_MS - DAY_MS);
      expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);
    }
    const stored = await sql<Record<string, unknown>>`select * from invitation_links`.execute(
      server.store.db,
    );
    const text = JSON.stringify(stored.rows);
    for (const { link } of answer.sign_in_links!) {
      expect(text).not.toContain(tokenOf(link));
      expect(text).toContain(hashApiKey(tokenOf(link)));
    }
    const [record] = await records(server, 'user.create');
    expect(record).toMatchObject({
      resource_name: '2 addresses',
      changes: { invited_emails: [ann, bob], sign_in_links_issued: 2 },
    });
  });

  it('re-inviting an open invitation invites nobody and issues no second link', async () => {
    const cleo = address('cleo');
    await invite(server, [cleo]);
    const again = await invite(server, [cleo.toUpperCase()]);
    expect(again.invited_emails).toEqual([]);
    expect(again.sign_in_links).toEqual([]);
  });
});

describe('opening the link', () => {
  it('signs the invited person in with their own session, as basic, and ends the invitation', async () => {
    const dora = address('dora');
    const [link] = (await invite(server, [dora])).sign_in_links!;
    const { response, cookie } = await useLink(server, tokenOf(link!.link));
    expect(response.status, response.text).toBe(204);
    const who = await me(server, cookie!);
    expect(who.status, who.text).toBe(200);
    expect(who.json).toMatchObject({ email: dora, role: 'basic' });
    // A basic user may not use the admin's routes: the session is theirs, not the inviter's.
    const adminOnly = await api(server, 'GET', '/manage/users/invited', {
      key: null,
      headers: { cookie: cookie! },
    });
    expect(adminOnly.status).toBe(403);
    expect(await invitedList(server)).not.toContain(dora);
    const [made] = await records(server, 'user.create');
    expect(made).toMatchObject({
      resource_name: dora,
      changes: { role: { before: null, after: 'basic' }, how: 'invitation_link' },
    });
    const [login] = await records(server, 'auth.login');
    expect(login).toMatchObject({
      outcome: 'success',
      actor: { email: dora },
      changes: { how: 'invitation_link' },
    });
  });

  it('signs in once: the second time it says it was used (410) and opens nothing', async () => {
    const [link] = (await invite(server, [address('eve')])).sign_in_links!;
    expect((await useLink(server, tokenOf(link!.link))).response.status).toBe(204);
    await expectLinkRefused(server, tokenOf(link!.link), INVITATION_LINK_REFUSALS.used);
  });

  it('withdrawing the invitation revokes its link, with a record that says so', async () => {
    const fay = address('fay');
    const [link] = (await invite(server, [fay])).sign_in_links!;
    const removed = await api(server, 'PATCH', '/manage/admin/remove-invited-user', {
      body: { user_email: fay },
    });
    expect(removed.status, removed.text).toBe(200);
    const [record] = await records(server, 'user.delete');
    expect(record).toMatchObject({
      resource_name: fay,
      changes: { invited: { before: true, after: false }, sign_in_links_revoked: 1 },
    });
    await expectLinkRefused(server, tokenOf(link!.link), INVITATION_LINK_REFUSALS.revoked);
  });

  it('an expired link says so (410) and makes no user', async () => {
    const [link] = (await invite(expiring, [address('gus')])).sign_in_links!;
    await expectLinkRefused(expiring, tokenOf(link!.link), INVITATION_LINK_REFUSALS.expired);
  });

  it('an unknown token says so (410)', async () => {
    await expectLinkRefused(server, 'not-a-link-token', INVITATION_LINK_REFUSALS.unknown);
  });

  it('from a page of another site: 403, and the link stays good', async () => {
    const [link] = (await invite(server, [address('hal')])).sign_in_links!;
    const foreign = await useLink(server, tokenOf(link!.link), 'https://evil.example');
    expect(foreign.response.status).toBe(403);
    expect(foreign.response.json).toEqual({ detail: FOREIGN_ORIGIN_REFUSAL });
    expect((await useLink(server, tokenOf(link!.link))).response.status).toBe(204);
  });
});

describe('a link dies when its invitation ends by another road', () => {
  it('the address made admin by an import: the old link opens nothing and never signs in as them', async () => {
    const ida = address('ida');
    const [link] = (await invite(server, [ida])).sign_in_links!;
    const imported = await api(server, 'POST', '/admin/import', {
      body: { format_version: 1, users: [{ email: ida, role: 'admin' }] },
    });
    expect(imported.status, imported.text).toBe(200);
    await expectLinkRefused(server, tokenOf(link!.link), INVITATION_LINK_REFUSALS.revoked);
  });

  it('the address given a key (as the key command makes its person): the old link opens nothing', async () => {
    const jon = address('jon');
    const [link] = (await invite(server, [jon])).sign_in_links!;
    await server.keyFor('admin', jon);
    await expectLinkRefused(server, tokenOf(link!.link), INVITATION_LINK_REFUSALS.revoked);
  });

  it('a deleted user never comes back through their old link', async () => {
    const kim = address('kim');
    const [link] = (await invite(server, [kim])).sign_in_links!;
    await server.keyFor('basic', kim);
    for (const [method, path] of [
      ['PATCH', '/manage/admin/deactivate-user'],
      ['DELETE', '/manage/admin/delete-user'],
    ] as const) {
      const done = await api(server, method, path, { body: { user_email: kim } });
      expect(done.status, done.text).toBe(200);
    }
    await expectLinkRefused(server, tokenOf(link!.link), INVITATION_LINK_REFUSALS.revoked);
    const users = await api(server, 'GET', '/manage/users?q=kim');
    expect(users.text).not.toContain(kim);
  });
});
