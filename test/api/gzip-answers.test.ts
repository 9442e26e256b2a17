// Kept answers are sent gzipped to a client that asks for it (browsers do),
// from a copy made once per change (server/http/gzipParts.ts; docs/performance.md,
// "The lists under sync writes"): decoded, the very bytes a client without
// Accept-Encoding gets as plain JSON; the copy follows every change, a sync
// write on one pair of connector-status included (D14). SQLite (api) and
// PostgreSQL (api-pg).
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GZIP_LEAST_BYTES } from '../../server/http/gzipParts';
import { insertConnector, insertPair } from '../../server/repos/connectors';
import { createCredential } from '../../server/repos/credentials';
import { heardEverything } from '../support/harness';
import { useFreshTestServer } from '../support/useTestServer';
import { api } from '../support/http';
import { claim, jiraPair, makeWorkerKey, runOnce } from '../support/workers';

const server = useFreshTestServer();

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly these headers (fetch would add Accept-Encoding and decode). */
async function rawGet(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  await heardEverything(server);
  return new Promise((resolve, reject) => {
    const asked = request(
      `${server.apiUrl}${path}`,
      { headers: { authorization: `Bearer ${server.adminKey}`, ...headers } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode!,
            headers: answer.headers,
            body: Buffer.concat(chunks),
          }),
        );
        answer.on('error', reject);
      },
    );
    asked.on('error', reject);
    asked.end();
  });
}

const STATUS = '/manage/admin/connector-status';
/** Pairs besides the tested ones: enough rows for both answers to pass GZIP_LEAST_BYTES. */
const FILLER = 100;
const LIST = '/manage/admin/connector';

/** Plain and gzipped answers of `path` now: the gzipped one decoded must be the plain bytes. */
async function both(path: string) {
  const plain = await rawGet(path);
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  const zipped = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
  expect(zipped.status).toBe(200);
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(zipped.headers.vary).toMatch(/accept-encoding/i);
  expect(zipped.body.length).toBeLessThan(plain.body.length);
  expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
  return { plain, zipped, rows: JSON.parse(plain.body.toString()) as unknown[] };
}

/** Pairs with a run waiting each, and 100 more written straight to the store: answers past gzip's least size. */
async function pairs(n: number) {
  const made = [];
  for (let i = 0; i < n; i++) {
    const pair = await jiraPair(server, { name: `Gzip ${i}` });
    await runOnce(server, pair.connectorId);
    made.push(pair);
  }
  await server.store.db.transaction().execute(async (trx) => {
    const credential = await createCredential(trx, server.store.secrets, {
      source: 'web',
      name: 'Gzip filler',
      credential_json: {},
    });
    for (let i = 0; i < FILLER; i++) {
      const id = await insertConnector(trx, {
        name: `Gzip filler ${i}`,
        source: 'web',
        input_type: 'load_state',
        access_type: 'PUBLIC',
        connector_specific_config: {
          base_url: `https://example.com/${i}`,
          web_connector_type: 'single',
        },
        refresh_freq: null,
        prune_freq: null,
        indexing_start: null,
      });
      await insertPair(trx, id, credential);
    }
  });
  return made;
}

describe('gzip copies of kept answers', () => {
  it('decode to the plain bytes; a client without Accept-Encoding, or refusing gzip, gets plain JSON', async () => {
    await pairs(3);
    for (const path of [STATUS, LIST]) {
      const { plain, zipped, rows } = await both(path);
      expect(rows).toHaveLength(3 + FILLER);
      expect(plain.body.length).toBeGreaterThan(GZIP_LEAST_BYTES);
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      const refused = await rawGet(path, { 'accept-encoding': 'gzip;q=0, br' });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.body.equals(plain.body)).toBe(true);
      // Each representation has its own tag; a client holding the current one gets 304.
      expect(zipped.headers.etag).not.toBe(plain.headers.etag);
      const again = await rawGet(path, {
        'accept-encoding': 'gzip',
        'if-none-match': String(zipped.headers.etag),
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      const plainAgain = await rawGet(path, { 'if-none-match': String(zipped.headers.etag) });
      expect(plainAgain.status).toBe(200);
      expect(plainAgain.body.equals(plain.body)).toBe(true);
    }
  });

  it("follow a change: a claim on one pair shows in connector-status's gzip copy, a rename in the list's", async () => {
    const made = await pairs(3);
    const before = await both(STATUS);
    const key = await makeWorkerKey(server);
    const job = (await claim(server, key, 'w-1'))!;
    const after = await both(STATUS);
    expect(after.zipped.body.equals(before.zipped.body)).toBe(false);
    const row = (after.rows as { cc_pair_id: number; in_progress: boolean }[]).find(
      (r) => r.cc_pair_id === job.cc_pair_id,
    );
    expect(row?.in_progress).toBe(true);

    await both(LIST);
    const renamed = await api(server, 'PATCH', `${LIST}/${made[1]!.connectorId}`, {
      body: { name: 'Gzip renamed' },
    });
    expect(renamed.status).toBe(200);
    const list = await both(LIST);
    expect((list.rows as { name: string }[]).map((c) => c.name)).toContain('Gzip renamed');
  });
});
