// The documents search of a pair (D14's inventory; the bench's sync rows time it
// at 1,000,000 documents) finds titles through 0036's trigram index: FTS5 on
// SQLite, pg_trgm on PostgreSQL. Its answers are the old search's (titles that
// hold each word, letter case ignored, by title), for words of 1, 2 and 3+
// characters and `%`, `_`, quotes and backslashes taken as themselves; and a
// word of 3+ characters is found by the index, not by reading every title
// (EXPLAINed on both stores, as users-directory-index.test.ts does).
import { CompiledQuery, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentsPage, SearchTotals } from '../../server/repos/pairDocuments';
import { api } from '../support/http';
import { planOf } from '../support/queryPlans';
import { useTestServer } from '../support/useTestServer';
import { claim, doc, jiraPair, jobPath, makeWorkerKey, runOnce } from '../support/workers';

const FILLER = 20_000;
const server = useTestServer();
let pairId = 0;
/** The worker key and its running job, which send the batches below. */
let key = '';
let jobId = 0;

/** Titles a worker sends, beside the filler written straight to the store. */
const TITLES = [
  'Quarterly Report 42',
  'report 420 draft',
  'REPORT 4 2',
  '100% done',
  '100 percent',
  'snake_case name',
  'snakeXcase name',
  "O'Brien's notes",
  'He said "quoted" twice',
  'Straße in München',
  'a\\b path',
  'A',
  'ab',
  'Ab cd',
  'xyzzy 7',
  'xyzzy 77',
  'Xyzzy Seven',
];

beforeAll(async () => {
  key = await makeWorkerKey(server);
  const pair = await jiraPair(server);
  pairId = pair.pairId;
  const at = new Date().toISOString();
  const db = server.store.db;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < FILLER; start += 1_000) {
      const rows = Array.from({ length: 1_000 }, (_, i) => {
        const n = start + i;
        const title = `Filler ${n} of batch ${n % 37}`;
        return {
          cc_pair_id: pairId,
          document_id: `FILL-${n}`,
          semantic_identifier: title,
          title_lower: title.toLowerCase(),
          link: null,
          updated_at: null,
          time_last_indexed: at,
        };
      });
      await trx.insertInto('pair_documents').values(rows).execute();
    }
  });
  await runOnce(server, pair.connectorId, true);
  const job = (await claim(server, key))!;
  jobId = job.id;
  const upsert = TITLES.map((title, i) => doc(i + 1, title));
  const sent = await api(server, 'POST', jobPath(job.id, 'documents'), { key, body: { upsert } });
  expect(sent.status, sent.text).toBe(200);
  // A renamed document is found by its new title only; a removed one not at all.
  const renamed = await api(server, 'POST', jobPath(job.id, 'documents'), {
    key,
    body: { upsert: [doc(TITLES.length + 1, 'Renamed plover')], delete: ['FILL-7'] },
  });
  expect(renamed.status, renamed.text).toBe(200);
  const again = await api(server, 'POST', jobPath(job.id, 'documents'), {
    key,
    body: { upsert: [doc(TITLES.length + 1, 'Renamed lapwing')] },
  });
  expect(again.status, again.text).toBe(200);
  // PostgreSQL plans from its statistics, which a fresh table lacks until autovacuum runs.
  if (server.store.dialect === 'postgres') {
    await db.executeQuery(CompiledQuery.raw('vacuum analyze pair_documents'));
  }
}, 120_000);

/** The old search, over the whole inventory read in its page order: titles holding each word. */
async function oldSearch(q: string) {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const rows = await server.store.db
    .selectFrom('pair_documents')
    .select(['document_id', 'title_lower'])
    .where('cc_pair_id', '=', pairId)
    .orderBy('title_lower')
    .orderBy('document_id')
    .execute();
  return rows
    .filter((row) => words.every((word) => row.title_lower.includes(word)))
    .map((row) => row.document_id);
}

async function search(q: string, page = 0) {
  const answer = await api(
    server,
    'GET',
    `/manage/admin/cc-pair/${pairId}/documents?q=${encodeURIComponent(q)}&page_size=100&page_num=${page}`,
  );
  expect(answer.status, answer.text).toBe(200);
  const body = answer.json as { items: { document_id: string }[]; total_items: number };
  return { ids: body.items.map((item) => item.document_id), total: body.total_items };
}

/** The plans of the queries one search sends (Kysely compiles them; the store explains them). */
async function plansOf(q: string) {
  const nodes: { node: RootOperationNode; queryId: QueryId }[] = [];
  const capture: KyselyPlugin = {
    transformQuery: (args) => (nodes.push(args), args.node),
    transformResult: async (args) => args.result,
  };
  const db = server.store.db;
  await documentsPage(db.withPlugin(capture), pairId, q, 0, 10);
  return Promise.all(
    nodes.map(({ node, queryId }) =>
      planOf(server.store, db.getExecutor().compileQuery(node, queryId)),
    ),
  );
}

describe('D14 the documents search through 0036 trigram index', () => {
  it.each([
    ['a'],
    ['ab'],
    ['42'],
    ['report'],
    ['REPORT 42'],
    ['report 42 draft'],
    ['100%'],
    ['%'],
    ['_'],
    ['snake_case'],
    ["o'brien"],
    ['"quoted"'],
    ['"'],
    ['straße'],
    ['STRASSE'],
    ['ße'],
    ['a\\b'],
    ['\\'],
    ['xyzzy 7'],
    ['Xyzzy'],
    ['zzz'],
    ['plover'],
    ['lapwing'],
    ['filler 7 '],
    ['batch 3'],
    ['filler 123'],
  ])('answers %j as the old search did: the same titles, in order, the same total', async (q) => {
    const expected = await oldSearch(q);
    const first = await search(q);
    expect(first.total).toBe(expected.length);
    expect(first.ids).toEqual(expected.slice(0, 100));
    if (expected.length > 100) expect((await search(q, 1)).ids).toEqual(expected.slice(100, 200));
  });

  it('a word of 3 characters or more: found and counted by the trigram index, never by reading every title', async () => {
    const plans = await plansOf('xyzzy 7');
    expect((await search('xyzzy 7')).total).toBe(2);
    if (server.store.dialect === 'sqlite') {
      // The FTS5 table's candidates (how many, then the page and its count), each
      // title read by its rowid; never a scan of the pair's titles.
      expect(plans).toHaveLength(3);
      for (const plan of plans) expect(plan).toMatch(/VIRTUAL TABLE INDEX \d+:M/);
      for (const plan of plans.slice(1))
        expect(plan).toMatch(/SEARCH d USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      for (const plan of plans) expect(plan).not.toContain('pair_documents_title_idx');
    } else {
      // How common the words are among the first titles (read in order), then
      // the page and its count by the trigram index.
      expect(plans).toHaveLength(3);
      expect(plans[0]).toContain('pair_documents_title_idx');
      for (const plan of plans) expect(plan).not.toContain('Seq Scan');
      for (const plan of plans.slice(1)) expect(plan).toContain('pair_documents_title_trigram_idx');
    }
  });

  it('a word most titles hold: PostgreSQL reads the titles in order, not every title through the trigram index', async () => {
    const plans = await plansOf('filler');
    if (server.store.dialect === 'sqlite') {
      // 20,000 titles found: under SQLite's bound, the FTS5 table still names them.
      expect(plans.at(-1)).toMatch(/VIRTUAL TABLE INDEX \d+:M/);
      return;
    }
    expect(plans).toHaveLength(3);
    for (const plan of plans) expect(plan).not.toContain('pair_documents_title_trigram_idx');
    expect(plans[1]).toContain('pair_documents_title_idx');
  });
});

describe('D14 the documents search remembers its total until the pair inventory moves', () => {
  /** One batch through the worker route, as a worker sends it. */
  async function send(body: { upsert?: ReturnType<typeof doc>[]; delete?: string[] }) {
    const sent = await api(server, 'POST', jobPath(jobId, 'documents'), { key, body });
    expect(sent.status, sent.text).toBe(200);
  }

  /** The search's answer, and the same search counted afresh (no remembered totals). */
  async function bothWays(q: string) {
    const answered = await search(q);
    const fresh = await documentsPage(server.store.db, pairId, q, 0, 100);
    expect(answered.ids).toEqual(fresh.items.map((item) => item.document_id));
    expect(answered.total).toBe(fresh.total_items);
    expect(answered.total).toBe((await oldSearch(q)).length);
    return answered.total;
  }

  // `filler 12`: a word most titles hold (PostgreSQL reads the titles in order);
  // `kestrel`: a rare one (the trigram index); `12`: a short word alone.
  it.each([['filler 12'], ['kestrel'], ['12']])(
    '%j: a batch that adds, renames away or removes a matching document changes the next total',
    async (q) => {
      const before = await bothWays(q);
      expect(await bothWays(q)).toBe(before); // asked again: remembered
      await send({ upsert: [doc(9001, 'Filler 12 kestrel')] });
      expect(await bothWays(q)).toBe(before + 1);
      await send({ upsert: [doc(9001, 'Renamed away')] });
      expect(await bothWays(q)).toBe(before);
      await send({ upsert: [doc(9001, 'Filler 12 kestrel')] });
      expect(await bothWays(q)).toBe(before + 1);
      await send({ delete: [doc(9001, '').document_id] });
      expect(await bothWays(q)).toBe(before);
    },
  );

  it('asked again before the inventory moves, the total is not counted again', async () => {
    const totals = new SearchTotals();
    const counts: string[] = [];
    const capture: KyselyPlugin = {
      transformQuery: (args) => {
        const compiled = server.store.db.getExecutor().compileQuery(args.node, args.queryId);
        if (/count\(\*\)/i.test(compiled.sql)) counts.push(compiled.sql);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = server.store.db.withPlugin(capture);
    const first = await documentsPage(db, pairId, 'filler 12', 0, 10, totals);
    expect(counts.length).toBeGreaterThan(0);
    counts.length = 0;
    const again = await documentsPage(db, pairId, 'filler 12', 1, 10, totals);
    expect(counts).toEqual([]);
    expect(again.total_items).toBe(first.total_items);
    expect(again.items.map((item) => item.document_id)).toEqual(
      (await oldSearch('filler 12')).slice(10, 20),
    );
  });

  it('remembers at most its bound of searches, the least recently asked going first', () => {
    const totals = new SearchTotals(2);
    const entry = { version: '1', total: 1, way: 'titles' as const };
    totals.set('a', entry);
    totals.set('b', entry);
    expect(totals.get('a', '1')).toEqual(entry); // b is now the least recently asked
    totals.set('c', entry);
    expect(totals.size).toBe(2);
    expect(totals.get('b', '1')).toBeUndefined();
    expect(totals.get('a', '2')).toBeUndefined(); // another version: counted again
  });
});
