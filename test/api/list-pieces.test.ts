// The connector list is rebuilt by the rows that changed (server/repos/snapshotBytes.ts,
// docs/performance.md, "What holds back each missed row"): after any change, made by the API or
// by SQL behind its back, the list served equals D5's list read afresh from the
// database, on SQLite and on PostgreSQL.
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { listConnectors } from '../../server/repos/connectors';
import { findUserByEmail } from '../../server/repos/users';
import { useTestServer } from '../support/useTestServer';
import {
  addCredential,
  api,
  attach,
  createConnector,
  makeGroup,
  plainRequest,
} from '../support/http';

const server = useTestServer();

/** The list as served, and D5's list as the repository reads it now. */
async function servedAndFresh(query = '', credential?: number) {
  const served = await api(server, 'GET', `/manage/admin/connector${query}`);
  expect(served.status).toBe(200);
  return {
    served: served.text,
    fresh: JSON.stringify(await listConnectors(server.store.db, credential)),
  };
}

async function expectTrue(query = '', credential?: number) {
  const { served, fresh } = await servedAndFresh(query, credential);
  expect(served).toBe(fresh);
}

describe('the list rebuilt by its changed rows stays D5 list', () => {
  test('after creations, edits, attaches, detaches and deletions through the API', async () => {
    const ids: number[] = [];
    for (const name of ['Pieces one', 'Pieces two', 'Pieces three']) {
      ids.push(await createConnector(server, plainRequest('web', { name })));
    }
    await expectTrue();
    const credential = await addCredential(server, 'web');
    await attach(server, ids[1]!, credential);
    await expectTrue();
    await expectTrue(`?credential=${credential}`, credential);

    const patched = await api(server, 'PATCH', `/manage/admin/connector/${ids[0]}`, {
      body: { name: 'Pieces one renamed' },
    });
    expect(patched.status).toBe(200);
    await expectTrue();
    expect(JSON.parse((await servedAndFresh()).served)).toContainEqual(
      expect.objectContaining({ id: ids[0], name: 'Pieces one renamed' }),
    );

    const detached = await api(
      server,
      'DELETE',
      `/manage/admin/connector/${ids[1]}/credential/${credential}`,
    );
    expect(detached.status).toBeLessThan(300);
    await expectTrue();
    await expectTrue(`?credential=${credential}`, credential);

    const deleted = await api(server, 'DELETE', `/manage/admin/connector/${ids[2]}`);
    expect(deleted.status).toBeLessThan(300);
    await expectTrue();
  });

  test('after an update made by SQL behind the API (any code path moves the row version)', async () => {
    const id = await createConnector(server, plainRequest('web', { name: 'Pieces behind' }));
    await expectTrue();
    await sql`update connectors set name = 'Pieces behind, changed', connector_specific_config = '{"base_url":"https://changed.example.com"}' where id = ${id}`.execute(
      server.store.db,
    );
    const { served, fresh } = await servedAndFresh();
    expect(served).toBe(fresh);
    expect(served).toContain('Pieces behind, changed');
    expect(served).toContain('https://changed.example.com');
  });

  test('after a pair detached and attached again, the credential ids are those of now', async () => {
    const id = await createConnector(server, plainRequest('web', { name: 'Pieces pairs' }));
    const first = await addCredential(server, 'web');
    const second = await addCredential(server, 'web');
    await attach(server, id, first);
    await expectTrue();
    await attach(server, id, second);
    await expectTrue();
    await sql`delete from connector_credential_pairs where connector_id = ${id} and credential_id = ${second}`.execute(
      server.store.db,
    );
    await expectTrue();
  });
});

describe('a write rebuilds only the views it changes', () => {
  /** A connector renamed behind the API with its topic's revision put back: only a rebuild shows it. */
  async function renameUnseen(id: number, name: string) {
    const db = server.store.db;
    const before = await sql<{
      value: string | number;
    }>`select value from read_revisions where topic = 'connectors'`.execute(db);
    await sql`update connectors set name = ${name} where id = ${id}`.execute(db);
    await sql`update read_revisions set value = ${before.rows[0]!.value} where topic = 'connectors'`.execute(
      db,
    );
  }
  const names = async (key?: string) => {
    const served = await api(server, 'GET', '/manage/admin/connector', key ? { key } : {});
    expect(served.status).toBe(200);
    return (served.json as { name: string }[]).map((connector) => connector.name);
  };

  test("a group write keeps the admin's list (it names no group); a connector write rebuilds it", async () => {
    const id = await createConnector(server, plainRequest('web', { name: 'Kept by connectors' }));
    expect(await names()).toContain('Kept by connectors');
    await renameUnseen(id, 'Kept, renamed behind');
    // A group made and one changed move the groups' revision, not the connectors'.
    const group = await makeGroup(server, 'Kept list group');
    const renamed = await api(server, 'PATCH', `/manage/admin/user-group/${group}`, {
      body: { user_ids: [], cc_pair_ids: [] },
    });
    expect(renamed.status).toBe(200);
    expect(await names()).toContain('Kept by connectors');
    await createConnector(server, plainRequest('web', { name: 'Kept, the next one' }));
    const after = await names();
    expect(after).toContain('Kept, renamed behind');
    expect(after).not.toContain('Kept by connectors');
  });

  test("a group made or changed with nothing in it keeps a curator's list; a membership rebuilds it", async () => {
    const email = 'kept-curator@pieces.test';
    const key = await server.keyFor('global_curator', email);
    const id = await createConnector(server, plainRequest('web', { name: 'Curator kept' }));
    await attach(server, id, await addCredential(server, 'web'));
    expect(await names(key)).toContain('Curator kept');
    await renameUnseen(id, 'Curator kept, renamed behind');
    const group = await makeGroup(server, 'Kept empty group');
    const changed = await api(server, 'PATCH', `/manage/admin/user-group/${group}`, {
      body: { user_ids: [], cc_pair_ids: [] },
    });
    expect(changed.status).toBe(200);
    expect(await names(key)).toContain('Curator kept');
    // Who is in a group decides what a curator sees: the list is made again.
    const curator = await findUserByEmail(server.store.db, email);
    await makeGroup(server, 'Kept group with the curator', [curator!.id]);
    expect(await names(key)).toContain('Curator kept, renamed behind');
  });
});
