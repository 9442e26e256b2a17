// D15, the attack's matrix: every road that sends a stored secret — the
// connection test, a pair's test (after attach), a swap, replace-everywhere,
// the background re-test — for each role that may call them, with a
// credential they made, one they may use but not read (`curator_public`, or
// shared with their group) and one they may not see, toward an approved origin
// (a stand-in Jira) and an unapproved one (a listener on 127.0.0.1 standing in
// for the caller's own host). The listener receives a secret only where D15
// allows it: the credential's maker or an admin sending it there (which
// approves it). Each case has its own credential and token, so an approval in
// one case never opens another.
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretDestinationRefusal } from '../../src/contract/connectionTest';
import type { UserRole } from '../../src/contract/contract';
import { connectionTestSettings } from '../../server/connectionCheck/settings';
import { retestRound } from '../../server/watch/retests';
import { healthWatchSettings } from '../../server/watch/settings';
import { insertPair } from '../../server/repos/connectors';
import { createCredential } from '../../server/repos/credentials';
import { findUserByEmail } from '../../server/repos/users';
import { startTestServer, type TestServer } from '../support/harness';
import { api, createConnector, jiraRequest, makeGroup } from '../support/http';
import * as standIns from '../support/standIns';

type Kind = 'made' | 'curatorPublic' | 'group' | 'unseen';
type Origin = 'approved' | 'unapproved';
const ROLES = ['admin', 'curator', 'global_curator'] as const satisfies readonly UserRole[];
const KINDS: readonly Kind[] = ['made', 'curatorPublic', 'group', 'unseen'];
const ORIGINS: readonly Origin[] = ['approved', 'unapproved'];
type Road = 'test' | 'attach' | 'swap' | 'everywhere' | 'retest';

let server: TestServer;
let home: standIns.StandIn;
let listener: standIns.StandIn;
let groupA: number;
const keys = {} as Record<(typeof ROLES)[number], string>;
/** Makers of the credentials others may use: the admin for curators, a curator for the admin. */
let otherCurator: { key: string; id: string };

const token = (role: string, kind: Kind, road: Road) => `${role}-${kind}-${road}-secret-token`;
const reached = (value: string) => listener.seen.some((r) => r.authorization === `Bearer ${value}`);
const originOf = (origin: Origin) => (origin === 'approved' ? home.origin : listener.origin);

/** What D15 and D13 allow: unseen → 404; a reader anywhere; anyone else at an approved origin. */
function expected(role: string, kind: Kind, origin: Origin): 'sent' | 403 | 404 {
  if (role === 'admin' || kind === 'made') return 'sent';
  if (kind === 'unseen') return 404;
  return origin === 'approved' ? 'sent' : 403;
}

async function person(role: UserRole, email: string) {
  const key = await server.keyFor(role === 'curator' ? 'basic' : role, email);
  return { key, id: (await findUserByEmail(server.store.db, email))!.id };
}

/**
 * The credential of one case, made by whom the kind says; its home origin is
 * approved the way D15 says: its maker (or an admin) attaches it to a
 * connector at home.
 */
async function credentialFor(role: (typeof ROLES)[number], kind: Kind, road: Road) {
  const json = { jira_api_token: token(role, kind, road) };
  const base = { source: 'jira' as const, name: `${role} ${kind} ${road}`, credential_json: json };
  let id: number;
  let makerKey: string;
  if (kind === 'made') {
    const made = await api(server, 'POST', '/manage/credential', {
      key: keys[role],
      body: { ...base, admin_public: true, groups: role === 'admin' ? [] : [groupA] },
    });
    expect(made.status, made.text).toBe(200);
    id = (made.json as { id: number }).id;
    makerKey = keys[role];
  } else {
    const maker = role === 'admin' ? otherCurator : null;
    id = await createCredential(server.store.db, server.store.secrets, {
      ...base,
      user_id: maker?.id ?? null,
      curator_public: kind === 'curatorPublic',
      groups: kind === 'group' ? [groupA] : [],
    });
    makerKey = maker?.key ?? server.adminKey;
  }
  // Approved at home by its maker or an admin attaching it to a connector there.
  const approver = kind === 'made' ? makerKey : server.adminKey;
  const made = await api(server, 'POST', '/manage/admin/connector', {
    key: approver,
    body: jiraRequest({ connector_specific_config: { jira_base_url: home.origin } }),
  });
  const at = (made.json as { id: number }).id;
  const approving = await api(server, 'PUT', `/manage/admin/connector/${at}/credential/${id}`, {
    key: approver,
    body: approver === server.adminKey ? {} : { access_type: 'private', groups: [groupA] },
  });
  expect(approving.status, approving.text).toBe(200);
  return id;
}

/** A connector of the caller's own at `origin`, with a credential of their own on it (to swap out). */
async function ownConnector(role: (typeof ROLES)[number], origin: Origin, road: Road) {
  const made = await api(server, 'POST', '/manage/admin/connector', {
    key: keys[role],
    body: jiraRequest({ connector_specific_config: { jira_base_url: originOf(origin) } }),
  });
  expect(made.status, made.text).toBe(200);
  const connectorId = (made.json as { id: number }).id;
  const mine = await api(server, 'POST', '/manage/credential', {
    key: keys[role],
    body: {
      source: 'jira',
      name: `placeholder ${road}`,
      credential_json: { jira_api_token: `${role}-placeholder-${road}-${origin}` },
      admin_public: true,
      groups: role === 'admin' ? [] : [groupA],
    },
  });
  const own = (mine.json as { id: number }).id;
  const attached = await api(
    server,
    'PUT',
    `/manage/admin/connector/${connectorId}/credential/${own}`,
    { key: keys[role], body: role === 'admin' ? {} : { access_type: 'private', groups: [groupA] } },
  );
  expect(attached.status, attached.text).toBe(200);
  return { connectorId, own };
}

beforeAll(async () => {
  home = await standIns.startStandIn({
    'GET /rest/api/2/myself': (_request, response) =>
      standIns.sendJson(response, 200, { name: 'bot', active: true }),
  });
  listener = await standIns.startStandIn({});
  server = await startTestServer({ connectionTest: { limit: null } });
  const curator = await person('curator', 'curator@d15.test');
  const global = await person('global_curator', 'global@d15.test');
  otherCurator = await person('curator', 'maker@d15.test');
  keys.admin = server.adminKey;
  keys.curator = curator.key;
  keys.global_curator = global.key;
  groupA = await makeGroup(server, 'D15 group A', [curator.id, global.id, otherCurator.id]);
  for (const id of [curator.id, otherCurator.id]) {
    const made = await api(server, 'POST', `/manage/admin/user-group/${groupA}/set-curator`, {
      body: { user_id: id, is_curator: true },
    });
    expect(made.status, made.text).toBe(200);
  }
});
afterAll(async () => {
  await server?.close();
  await home?.close();
  await listener?.close();
});

const CASES = ROLES.flatMap((role) =>
  KINDS.flatMap((kind) => ORIGINS.map((origin) => ({ role, kind, origin }))),
);

describe('D15: every road that sends a secret × role × credential × origin', () => {
  it.each(CASES)(
    '$role, a credential $kind, an $origin origin: the listener gets it only if D15 allows',
    async ({ role, kind, origin }) => {
      const want = expected(role, kind, origin);
      const key = keys[role];
      const sentOr = (status: number, sentStatuses: number[]) =>
        want === 'sent' ? expect(sentStatuses).toContain(status) : expect(status).toBe(want);

      // The background re-test: a pair holding the credential at `origin`, made
      // before D15 (straight into the store): the server approves nothing itself.
      {
        const credential = await credentialFor(role, kind, 'retest');
        const connectorId = await createConnector(
          server,
          jiraRequest({ connector_specific_config: { jira_base_url: originOf(origin) } }),
        );
        const pairId = (await insertPair(server.store.db, connectorId, credential))!;
        await retestRound(
          server.store,
          healthWatchSettings({ retestPeriodMs: 60_000, tickMs: 60_000, concurrency: 1 }),
          connectionTestSettings({ limit: null }),
          SILENT,
        );
        const pair = await server.store.db
          .selectFrom('connector_credential_pairs')
          .select(['last_test_ok', 'last_test_checks'])
          .where('id', '=', pairId)
          .executeTakeFirstOrThrow();
        // The server sends to approved origins only: home, whoever made the credential.
        const atHome = home.seen.some(
          (r) => r.authorization === `Bearer ${token(role, kind, 'retest')}`,
        );
        if (origin === 'approved') expect(atHome).toBe(true);
        if (origin === 'unapproved') {
          expect(pair.last_test_ok).toBe(0);
          expect(pair.last_test_checks).toContain('Not sent. This credential may only be sent to');
        }
        expect(reached(token(role, kind, 'retest'))).toBe(false);
      }

      // The connection test with the stored credential.
      {
        const credential = await credentialFor(role, kind, 'test');
        const response = await api(server, 'POST', '/manage/admin/connector/test', {
          key,
          body: {
            source: 'jira',
            connector_specific_config: { jira_base_url: originOf(origin) },
            credential_id: credential,
          },
        });
        sentOr(response.status, [200]);
        if (want === 403) {
          expect(response.json).toEqual({
            detail: secretDestinationRefusal([home.origin], listener.origin),
          });
        }
        expect(reached(token(role, kind, 'test'))).toBe(want === 'sent' && origin === 'unapproved');
      }

      // Attach to the caller's own connector at `origin`, then its pair's test.
      {
        const credential = await credentialFor(role, kind, 'attach');
        const { connectorId } = await ownConnector(role, origin, 'attach');
        const attached = await api(
          server,
          'PUT',
          `/manage/admin/connector/${connectorId}/credential/${credential}`,
          { key, body: role === 'admin' ? {} : { access_type: 'private', groups: [groupA] } },
        );
        sentOr(attached.status, [200]);
        if (attached.status === 200) {
          const pairId = (attached.json as { data: number }).data;
          const tested = await api(server, 'POST', `/manage/admin/cc-pair/${pairId}/test`, { key });
          expect(tested.status, tested.text).toBe(200);
        }
        expect(reached(token(role, kind, 'attach'))).toBe(
          want === 'sent' && origin === 'unapproved',
        );
      }

      // A swap onto the caller's own connector at `origin`, tested (not forced), then forced.
      {
        const credential = await credentialFor(role, kind, 'swap');
        for (const force of [false, true]) {
          const { connectorId } = await ownConnector(role, origin, 'swap');
          const swapped = await api(server, 'PUT', '/manage/admin/credential/swap', {
            key,
            body: {
              connector_id: connectorId,
              new_credential_id: credential,
              access_type: 'public',
              force,
            },
          });
          // A test that fails at the listener answers 400: it was sent (D15 allowed it).
          sentOr(swapped.status, force ? [200] : [200, 400]);
        }
        expect(reached(token(role, kind, 'swap'))).toBe(want === 'sent' && origin === 'unapproved');
      }

      // Replace-everywhere of the caller's own credential by this one.
      {
        const credential = await credentialFor(role, kind, 'everywhere');
        const { own } = await ownConnector(role, origin, 'everywhere');
        const replaced = await api(
          server,
          'PUT',
          `/manage/admin/credential/${own}/replace-everywhere`,
          { key, body: { new_credential_id: credential, force: false } },
        );
        sentOr(replaced.status, [200, 400]);
        expect(reached(token(role, kind, 'everywhere'))).toBe(
          want === 'sent' && origin === 'unapproved',
        );
      }
    },
  );
});

const SILENT = {
  info: () => {},
  error: () => {},
  warn: () => {},
  debug: () => {},
} as unknown as FastifyBaseLogger;
