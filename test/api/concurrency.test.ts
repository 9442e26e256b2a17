// Requests that race: identical writes sent at once (D4, D7), and a user's own
// requests racing with their demotion (D2, D8).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { UserRole } from '../../src/contract/contract';
import { startTestServer, type TestServer } from '../support/harness';
import { useTestServer } from '../support/useTestServer';
import {
  NOT_CURATOR,
  addCredential,
  api,
  attach,
  createConnector,
  jiraRequest,
  plainRequest,
  splitAttaches,
} from '../support/http';

const server = useTestServer();

const AT_ONCE = 100;
const atOnce = <T>(send: () => Promise<T>) => Promise.all(Array.from({ length: AT_ONCE }, send));

describe('D7 identical attaches at once', () => {
  it(`${AT_ONCE} at once → exactly one pair; every answer 200, one success:true`, async () => {
    const connector = await createConnector(server, jiraRequest());
    const credential = await addCredential(server, 'jira');
    const responses = await atOnce(() => attach(server, connector, credential));

    expect(responses.map((response) => response.status)).toEqual(Array(AT_ONCE).fill(200));
    const pairs = await server.store.db
      .selectFrom('connector_credential_pairs')
      .select('id')
      .where('connector_id', '=', connector)
      .execute();
    expect(pairs).toHaveLength(1);
    const bodies = responses.map((response) => response.json as { success: boolean });
    expect(bodies.filter((body) => body.success)).toEqual([
      {
        success: true,
        message: `Creating new association between Connector ${connector} and Credential ${credential}`,
        data: pairs[0]!.id,
      },
    ]);
    expect(bodies.filter((body) => !body.success)).toEqual(
      Array(AT_ONCE - 1).fill({
        success: false,
        message: `Connector ${connector} already has Credential ${credential}`,
        data: connector,
      }),
    );
  });
});

describe('D7 identical attaches at once on two database connections', () => {
  it(`${AT_ONCE} split across two servers on one data folder → one pair (the unique key, not a queue)`, async () => {
    // One server serialises its own requests on its one connection; two servers
    // on one SQLite file race for real, so only the unique key can keep one pair.
    const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-race-'));
    const a = await startTestServer({ dataDir });
    const b = await startTestServer({ dataDir });
    try {
      const bKey = await b.keyFor('admin');
      const connector = await createConnector(a, jiraRequest());
      const credential = await addCredential(a, 'jira');
      const sides: [TestServer, string][] = [
        [a, a.adminKey],
        [b, bKey],
      ];
      expect(await splitAttaches(sides, connector, credential, AT_ONCE)).toEqual({
        statuses: Array(AT_ONCE).fill(200),
        successes: 1,
        pairs: 1,
      });
    } finally {
      await b.close();
      await a.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('D4 identical creations at once', () => {
  it(`${AT_ONCE} at once → exactly one 200, ${AT_ONCE - 1} × 400 duplicate, one row`, async () => {
    const body = plainRequest('confluence', { name: 'Raced at once' });
    const responses = await atOnce(() => api(server, 'POST', '/manage/admin/connector', { body }));

    const created = responses.filter((response) => response.status === 200);
    expect(created).toHaveLength(1);
    expect(created[0]!.json).toEqual({ id: expect.any(Number), credential: null });
    const refused = responses.filter((response) => response.status !== 200);
    expect(refused.map((response) => [response.status, response.json])).toEqual(
      Array(AT_ONCE - 1).fill([
        400,
        { detail: 'Connector by this name already exists, duplicate naming not allowed.' },
      ]),
    );
    const rows = await server.store.db
      .selectFrom('connectors')
      .select('id')
      .where('name', '=', 'Raced at once')
      .execute();
    expect(rows).toEqual([{ id: (created[0]!.json as { id: number }).id }]);
  });
});

interface Answer {
  /** The demotion had been answered before this request was sent. */
  sentAfterDemotion: boolean;
  /** The demotion had not been sent yet when this answer arrived. */
  answeredBeforeDemotion: boolean;
  status: number;
  json: unknown;
}

describe('D2/D8 a user demoted while their requests are in flight', () => {
  const LOOPERS = 4;
  const BEFORE = 20; // answers to wait for before demoting
  const AFTER = 10; // requests each looper sends once the demotion is answered
  const MAX_PER_LOOPER = 200;

  it.each<UserRole>(['curator', 'admin', 'global_curator'])(
    'a %s demoted to basic: refused (403) from the next request on, never before',
    async (role) => {
      const email = `racer.${role}@sourcedesk.test`;
      const key = await server.keyFor(role, email);
      const answers: Answer[] = [];
      let demotionSent = false;
      let demotionAnswered = false;
      let enoughBefore!: () => void;
      const readyToDemote = new Promise<void>((resolve) => (enoughBefore = resolve));

      const looper = async () => {
        let after = 0;
        for (let i = 0; i < MAX_PER_LOOPER && after < AFTER; i++) {
          const sentAfterDemotion = demotionAnswered;
          const response = await api(server, 'GET', '/manage/admin/connector', { key });
          answers.push({
            sentAfterDemotion,
            answeredBeforeDemotion: !demotionSent,
            status: response.status,
            json: response.json,
          });
          if (answers.length >= BEFORE) enoughBefore();
          if (sentAfterDemotion) after++;
        }
      };
      const loops = Promise.all(Array.from({ length: LOOPERS }, looper));

      await readyToDemote;
      demotionSent = true;
      const demotion = await api(server, 'PATCH', '/manage/set-user-role', {
        body: { user_email: email, new_role: 'basic' },
      });
      demotionAnswered = true;
      await loops;

      expect(demotion.status).toBe(200);
      const before = answers.filter((answer) => answer.answeredBeforeDemotion);
      const after = answers.filter((answer) => answer.sentAfterDemotion);
      expect(before.length).toBeGreaterThanOrEqual(BEFORE);
      expect(before.map((answer) => answer.status)).toEqual(Array(before.length).fill(200));
      expect(after).toHaveLength(LOOPERS * AFTER);
      expect(after.map((answer) => [answer.status, answer.json])).toEqual(
        Array(after.length).fill([403, NOT_CURATOR]),
      );
      // In flight during the change: either answer, but only these two.
      for (const answer of answers) expect([200, 403]).toContain(answer.status);
    },
  );
});
