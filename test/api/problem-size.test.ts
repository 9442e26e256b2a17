// docs/security.md, "At most 100 problems": a 422 is never larger than the request's body
// or 4 KiB, whichever is larger. Short wrong items can each earn a long
// problem (a 536-byte body once got an 18,302-byte answer), so the problems are
// listed in order while they fit, and a last item says how many more were found.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { httpValidationErrorSchema } from '../../src/contract/contract';
import { startTestServer, type TestServer } from '../support/harness';
import { api } from '../support/http';

let server: TestServer;
let credential: number;
let connector: number;
beforeAll(async () => {
  server = await startTestServer();
  const made = await api(server, 'POST', '/manage/credential', {
    body: { name: 'c', source: 'web', credential_json: {}, admin_public: true },
  });
  credential = (made.json as { id: number }).id;
  const created = await api(server, 'POST', '/manage/admin/connector', {
    body: { name: 'k', source: 'web', input_type: 'poll', connector_specific_config: {} },
  });
  connector = (created.json as { id: number }).id;
});
afterAll(() => server.close());

const FLOOR = 4096;
const MORE = /^(\d+) more problems? (was|were) found but not listed/;

/** Sends `raw`, and checks the 422's size, its D3 shape, and its note if it has one. */
async function expectBounded(method: string, path: string, raw: string) {
  const response = await api(server, method, path, { raw });
  expect(response.status, response.text.slice(0, 300)).toBe(422);
  const size = Buffer.byteLength(response.text);
  expect(size).toBeLessThanOrEqual(Math.max(FLOOR, Buffer.byteLength(raw)));
  const { detail } = httpValidationErrorSchema.parse(response.json);
  const notes = detail.filter((problem) => MORE.test(problem.msg));
  expect(notes.length).toBeLessThanOrEqual(1);
  if (notes.length === 1) {
    expect(detail.at(-1)).toEqual({ loc: ['body'], msg: expect.any(String), type: 'value_error' });
    expect(detail.length).toBeGreaterThan(1);
  }
  return detail;
}

it('the 536-byte request that got 18,302 bytes: at most 4 KiB, its first problems in order, then how many more', async () => {
  const raw = `{"name":"x","source":"jira","input_type":"poll","connector_specific_config":{"jira_base_url":"https://a.b","comment_email_blacklist":[${Array(100).fill('"a"').join(',')}]}}`;
  const detail = await expectBounded('POST', '/manage/admin/connector', raw);
  const listed = detail.slice(0, -1);
  expect(listed.map((problem) => problem.loc.at(-1))).toEqual([...listed.keys()]);
  expect(Number(MORE.exec(detail.at(-1)!.msg)?.[1])).toBe(100 - listed.length);
});

/** Short values that each earn a problem. */
const wrong = fc.constantFrom('1', '"a"', 'true', 'null', '[]', '{}', '1.5', '""', '"@"');
const many = (item: fc.Arbitrary<string>) =>
  fc.array(item, { minLength: 0, maxLength: 160, size: 'max' }).map((items) => items.join(','));
const badEnum = fc.constantFrom('"x"', '1', '"JIRA"', '""');

it('generated bodies with many short wrong values, on every body endpoint', async () => {
  const bodies = fc.oneof(
    fc.record({ list: many(wrong), groups: many(wrong), input: badEnum }).map((b) => ({
      method: 'POST',
      path: '/manage/admin/connector',
      raw: `{"source":"jira","input_type":${b.input},"groups":[${b.groups}],"connector_specific_config":{"jira_base_url":1,"comment_email_blacklist":[${b.list}]}}`,
    })),
    fc.record({ values: many(wrong), source: badEnum }).map((b) => ({
      method: 'POST',
      path: '/manage/credential',
      raw: `{"source":${b.source},"credential_json":{${b.values
        .split(',')
        .map((value, i) => `"${i}":${value || 1}`)
        .join(',')}},"groups":[1.5]}`,
    })),
    fc.record({ list: many(wrong) }).map((b) => ({
      method: 'PATCH',
      path: `/manage/admin/connector/${connector}`,
      raw: `{"name":"","refresh_freq":1,"access_type":1,"connector_specific_config":{"n":[${b.list.replace(/[^,]+/g, '1e400')}]}}`,
    })),
    fc.record({ values: many(wrong) }).map((b) => ({
      method: 'PATCH',
      path: `/manage/admin/credential/${credential}`,
      raw: `{"name":1,"credential_json":{${b.values
        .split(',')
        .map((value, i) => `"k${i}":${value === '"a"' ? 1 : value || 1}`)
        .join(',')}}}`,
    })),
  );
  await fc.assert(
    fc.asyncProperty(bodies, async ({ method, path, raw }) => {
      await expectBounded(method, path, raw);
    }),
    { numRuns: 150 },
  );
}, 60_000);
