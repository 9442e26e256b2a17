// The activity log's pages and export chunks read through an index for every
// filter, from the cursor on (no scan of newer records first): on SQLite the
// filter's own index, in order, without a sort; on PostgreSQL never the whole
// table (its planner picks among the indexes by cost); the actor filter's two ways (e-mail in
// any letter case, user id) give the same records; an export whose client goes
// away stops reading.
import { planOf } from '../support/queryPlans';
import { Writable } from 'node:stream';
import { CompiledQuery, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema, type AuditRecord } from '../../src/contract/audit';
import { listAudit, type AuditFilter } from '../../server/repos/audit';
import { EXPORT_STOPPED } from '../../server/routes/audit';
import { seedAuditRecords, seededActor, seededRow } from '../support/auditRecords';
import { api } from '../support/http';
import { useTestServer } from '../support/useTestServer';

const SEEDED = 20_000;
const logLines: string[] = [];
const server = useTestServer({
  logger: {
    level: 'info',
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  },
});
let first: number;
beforeAll(async () => {
  first = await seedAuditRecords(server.store.db, SEEDED);
  // PostgreSQL plans from its statistics, which a fresh table lacks until autovacuum runs.
  if (server.store.dialect === 'postgres') {
    await server.store.db.executeQuery(CompiledQuery.raw('analyze audit_log'));
  }
}, 120_000);

/** The SQL a call of the repository sends, captured as Kysely compiles it. */
async function queriesOf(filter: AuditFilter): Promise<CompiledQuery[]> {
  const nodes: { node: RootOperationNode; queryId: QueryId }[] = [];
  const capture: KyselyPlugin = {
    transformQuery: (args) => (nodes.push(args), args.node),
    transformResult: async (args) => args.result,
  };
  const db = server.store.db;
  await listAudit(db.withPlugin(capture), filter, 501);
  return nodes.map(({ node, queryId }) => db.getExecutor().compileQuery(node, queryId));
}

const middle = () => seededRow(SEEDED / 2, first);
const cursor = () => ({ time: middle().time, id: SEEDED / 2 + 1 });

/** The actor is read twice, by user id and by e-mail (server/repos/audit.ts). */
const ACTOR_INDEXES = ['audit_log_actor_user_idx', 'audit_log_actor_email_idx'];
/** Each filter, and the indexes its queries must read through. */
const FILTERS: [string, () => AuditFilter, string[]][] = [
  ['none', () => ({}), ['audit_log_time_idx']],
  ['action', () => ({ action: 'connector.update' }), ['audit_log_action_idx']],
  ['actor (user id)', () => ({ actor: seededActor(3).user_id }), ACTOR_INDEXES],
  ['actor (e-mail)', () => ({ actor: seededActor(3).email.toUpperCase() }), ACTOR_INDEXES],
  ['resource_type', () => ({ resource_type: 'credential' }), ['audit_log_resource_type_idx']],
  ['resource_id', () => ({ resource_id: '7' }), ['audit_log_resource_id_idx']],
  [
    'resource_type and resource_id',
    () => ({ resource_type: 'connector', resource_id: '8' }),
    ['audit_log_resource_idx'],
  ],
  ['since', () => ({ since: middle().time }), ['audit_log_time_idx']],
  ['until', () => ({ until: middle().time }), ['audit_log_time_idx']],
  [
    'action and since',
    () => ({ action: 'auth.login', since: middle().time }),
    ['audit_log_action_idx'],
  ],
];

describe('every filter reads through its index, on the newest page and from a cursor', () => {
  for (const [name, filterOf, indexes] of FILTERS) {
    for (const from of ['the newest page', 'a cursor (a next page, an export chunk)']) {
      it(`${name}, ${from}`, async () => {
        const filter = {
          ...filterOf(),
          ...(from === 'the newest page' ? {} : { after: cursor() }),
        };
        const plans = await Promise.all(
          (await queriesOf(filter)).map((query) => planOf(server.store, query)),
        );
        expect(plans).toHaveLength(indexes.length);
        plans.forEach((plan, i) => {
          expect(plan).not.toMatch(/Seq Scan|^SCAN audit_log$/m);
          if (server.store.dialect === 'postgres') {
            // PostgreSQL chooses by cost: for a common value it reads the time index
            // and filters (a few rows per row returned), for a rare one the filter's
            // own index and sorts its few matches; never the whole table.
            expect(plan).toMatch(
              /Index Scan.* using audit_log_\w+_idx|Index Scan on audit_log_\w+_idx/,
            );
            if (plan.includes('Sort')) expect(plan).toContain(indexes[i]);
            return;
          }
          expect(plan).toContain(indexes[i]);
          expect(plan).not.toContain('TEMP B-TREE');
          // Filtered, or from a cursor: the index is searched, not read from its start.
          if (name !== 'none' || filter.after) expect(plan).not.toMatch(/^SCAN /m);
        });
      });
    }
  }
});

describe('the actor filter', () => {
  it('e-mail in any letter case and user id give the same records, newest first, across chunks', async () => {
    const { user_id, email } = seededActor(4);
    const read = async (actor: string) => {
      const answer = await api(
        server,
        'GET',
        `/admin/audit/export?actor=${encodeURIComponent(actor)}`,
      );
      expect(answer.status).toBe(200);
      return answer.text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as AuditRecord);
    };
    const byId = await read(user_id);
    expect(byId).toHaveLength(SEEDED / 10);
    expect(await read(email.toLowerCase())).toEqual(byId);
    const ids = byId.map((record) => record.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(byId.map((record) => record.actor.user_id))).toEqual(new Set([user_id]));
  });
});

describe('an export whose client goes away', () => {
  it('stops reading the log (and says how far it read)', async () => {
    const controller = new AbortController();
    const answer = await fetch(`${server.apiUrl}/admin/audit/export?format=csv`, {
      headers: { authorization: `Bearer ${server.adminKey}` },
      signal: controller.signal,
    });
    const reader = answer.body!.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    const stopped = async () => logLines.find((line) => line.includes(EXPORT_STOPPED));
    await expect.poll(stopped, { timeout: 20_000 }).toBeDefined();
    const { records_read } = JSON.parse((await stopped())!) as { records_read: number };
    expect(records_read).toBeLessThan(SEEDED);
    // The server serves on.
    const page = await api(server, 'GET', '/admin/audit?limit=1');
    expect(auditPageSchema.parse(page.json).items).toHaveLength(1);
  });
});
