// D13/D15 ("a refusal never names what the caller may not see"): a curator's
// credential shared with another group and used there cannot be deleted by
// them, and the refusal names no connector of that group; forced, it detaches
// it from nothing they cannot see. The list filtered by a credential they may
// not see tells nothing about it.
import { describe, expect, it } from 'vitest';
import { api, jiraRequest, snapshotDb } from '../support/http';
import { useTestServer } from '../support/useTestServer';

// Curators a and b, each of their own group.
const server = useTestServer({
  seed: {
    groups: ['a', 'b'],
    users: {
      a: { role: 'basic', curates: ['a'] },
      b: { role: 'basic', curates: ['b'] },
    },
  },
});

async function ok(method: string, path: string, body: unknown, key = server.adminKey) {
  const answer = await api(server, method, path, { body, key });
  expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(200);
  return answer.json as { id: number; data: number };
}

describe('a credential used where its curator cannot see', () => {
  it('delete: 400 without naming the connector, forced or not; nothing changes', async () => {
    // Curator A's credential, usable by every curator; an admin puts it on B's private connector.
    const { id: credential } = await ok(
      'POST',
      '/manage/credential',
      {
        name: 'A shares with B',
        source: 'jira',
        credential_json: { jira_api_token: 'a-shared-token' },
        admin_public: true,
        groups: [server.seeded.groups.a],
        curator_public: true,
      },
      server.seeded.keys.a,
    );
    const { id: connector } = await ok(
      'POST',
      '/manage/admin/connector',
      jiraRequest({ connector_specific_config: { jira_base_url: 'http://127.0.0.1:9' } }),
    );
    await ok('PUT', `/manage/admin/connector/${connector}/credential/${credential}`, {
      access_type: 'private',
      groups: [server.seeded.groups.b],
    });
    const before = await snapshotDb(server);
    for (const force of ['', '?force=true']) {
      const answer = await api(server, 'DELETE', `/manage/admin/credential/${credential}${force}`, {
        key: server.seeded.keys.a,
      });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.text).not.toContain(String(connector));
      expect(answer.json).toEqual({
        detail:
          'This credential is also used by connectors you cannot see: only an admin can delete it.',
      });
    }
    expect(await snapshotDb(server)).toEqual(before);
  });

  it('the connector list filtered by a credential they may not see is empty', async () => {
    const { id: hidden } = await ok('POST', '/manage/credential', {
      name: 'Admin only',
      source: 'web',
      credential_json: {},
      admin_public: true,
    });
    const { id: connector } = await ok('POST', '/manage/admin/connector', {
      ...jiraRequest({ connector_specific_config: { jira_base_url: 'http://127.0.0.1:9' } }),
      source: 'web',
      connector_specific_config: { base_url: 'https://example.com' },
    });
    await ok('PUT', `/manage/admin/connector/${connector}/credential/${hidden}`, {});
    // The connector is public (curator A sees it) but the credential is the admin's.
    const all = await api(server, 'GET', '/manage/admin/connector', { key: server.seeded.keys.a });
    expect((all.json as { id: number }[]).map((c) => c.id)).toContain(connector);
    const filtered = await api(server, 'GET', `/manage/admin/connector?credential=${hidden}`, {
      key: server.seeded.keys.a,
    });
    expect(filtered.json).toEqual([]);
  });

  it("connector-status and the connector's answer show curator A no credential and no pair D13 hides", async () => {
    const adminOnly = (
      await ok('POST', '/manage/credential', {
        name: 'Admin only for status',
        source: 'web',
        credential_json: { token: 'admin-only-status-token' },
        admin_public: true,
      })
    ).id;
    const bs = (
      await ok('POST', '/manage/credential', {
        name: 'B only for status',
        source: 'web',
        credential_json: { token: 'group-b-status-token' },
        admin_public: true,
        groups: [server.seeded.groups.b],
      })
    ).id;
    const { id: connector } = await ok('POST', '/manage/admin/connector', {
      ...jiraRequest(),
      source: 'web',
      connector_specific_config: { base_url: 'https://example.com' },
    });
    await ok('PUT', `/manage/admin/connector/${connector}/credential/${adminOnly}`, {});
    await ok('PUT', `/manage/admin/connector/${connector}/credential/${bs}`, {
      access_type: 'private',
      groups: [server.seeded.groups.b],
    });
    const status = await api(server, 'GET', '/manage/admin/connector-status', {
      key: server.seeded.keys.a,
    });
    expect(status.status).toBe(200);
    const rows = (status.json as { connector: { id: number } }[]).filter(
      (row) => row.connector.id === connector,
    );
    expect(rows).toEqual([]);
    expect(status.text).not.toContain('Admin only for status');
    const detail = await api(server, 'GET', `/manage/admin/connector/${connector}`, {
      key: server.seeded.keys.a,
    });
    expect(detail.status, detail.text).toBe(200);
    // The public pair stays listed by its ids (the page says "a credential only admins see"
    // and offers to replace it); B's private pair does not, and no credential is described.
    expect(
      (detail.json as { cc_pairs: { credential_id: number }[] }).cc_pairs.map(
        (pair) => pair.credential_id,
      ),
    ).toEqual([adminOnly]);
    expect((detail.json as { credentials: unknown[] }).credentials).toEqual([]);
    expect(detail.text).not.toContain('Admin only for status');
    expect(detail.text).not.toContain('admin-only');
    // Curator B sees their group's pair and the public one, and only B's credential described.
    const bDetail = await api(server, 'GET', `/manage/admin/connector/${connector}`, {
      key: server.seeded.keys.b,
    });
    expect(
      (bDetail.json as { cc_pairs: { credential_id: number }[] }).cc_pairs
        .map((pair) => pair.credential_id)
        .sort(),
    ).toEqual([adminOnly, bs].sort());
    expect(
      (bDetail.json as { credentials: { id: number }[] }).credentials.map((c) => c.id),
    ).toEqual([bs]);
  });
});
