// The worker's Jira reader against a fake Jira on 127.0.0.1 (Cloud's
// /search/jql and Server's /search): paging, the poll window, the comment
// blacklist, a revoked token (D14's validation error), 429 with Retry-After,
// 500 and a slow answer.
import { afterEach, describe, expect, it } from 'vitest';
import { jiraReader } from '../../worker/sources/jira';
import { SourceFailure, SourceRefusal } from '../../worker/sources/http';
import { manyIssues, startFakeJira, type FakeJira } from '../support/fakeSources/fakeJira';
import { readAll, readInput } from '../support/readSource';

let jira: FakeJira;
afterEach(() => jira?.close());

const cloud = { jira_user_email: 'bot@acme.example', jira_api_token: 'cloud-token' };
const config = (extra: Record<string, unknown> = {}) => ({
  jira_base_url: jira.origin,
  project_key: 'ENG',
  ...extra,
});

describe('Jira reader', () => {
  it('reads every issue of the project in pages (Cloud), each its address and key: summary', async () => {
    jira = await startFakeJira({
      ...{ email: cloud.jira_user_email, token: cloud.jira_api_token },
      issues: [...manyIssues('ENG', 250), ...manyIssues('OPS', 5)],
    });
    const outcome = await readAll(
      jiraReader,
      readInput('Jira', { config: config(), credential: cloud }),
    );
    expect(outcome.documents).toHaveLength(250);
    expect(new Set(outcome.documents.map((d) => d.document_id)).size).toBe(250);
    expect(outcome.documents[0]).toEqual({
      document_id: `${jira.origin}/browse/ENG-1`,
      semantic_identifier: 'ENG-1: Issue number 1',
      link: `${jira.origin}/browse/ENG-1`,
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    // Three pages of at most 100, the last with no cursor (the run is over).
    expect(outcome.checkpoints).toHaveLength(3);
    expect(outcome.checkpoints.at(-1)).toBeNull();
    expect(jira.seen.every((request) => request.url.pathname === '/rest/api/3/search/jql')).toBe(
      true,
    );
  });

  it('resumes from a checkpoint where an interrupted run stopped (Server: startAt, Bearer)', async () => {
    jira = await startFakeJira({ token: 'pat', issues: manyIssues('ENG', 30) });
    const input = () =>
      readInput('Jira', { config: config(), credential: { jira_api_token: 'pat' }, batchSize: 10 });
    const first = await readAll(jiraReader, input(), 1);
    expect(first.documents.map((d) => d.semantic_identifier.split(':')[0])).toEqual(
      Array.from({ length: 10 }, (_, i) => `ENG-${i + 1}`),
    );
    const rest = await readAll(jiraReader, { ...input(), checkpoint: first.checkpoints[0]! });
    expect(rest.documents.map((d) => d.semantic_identifier.split(':')[0])).toEqual(
      Array.from({ length: 20 }, (_, i) => `ENG-${i + 11}`),
    );
    expect(jira.seen.at(-1)!.url.pathname).toBe('/rest/api/2/search');
    expect(jira.seen.at(-1)!.authorization).toBe('Bearer pat');
  });

  it('an incremental run asks only for what changed since the window start', async () => {
    const issues = manyIssues('ENG', 40);
    issues[4]!.updated = new Date('2026-03-01T10:00:00Z');
    issues[9]!.updated = new Date('2026-03-02T10:00:00Z');
    jira = await startFakeJira({ token: 'pat', issues });
    const outcome = await readAll(
      jiraReader,
      readInput('Jira', {
        config: config(),
        credential: { jira_api_token: 'pat' },
        since: new Date('2026-02-01T00:00:00Z'),
        until: new Date('2026-03-05T00:00:00Z'),
      }),
    );
    expect(outcome.documents.map((d) => d.semantic_identifier)).toEqual([
      'ENG-5: Issue number 5',
      'ENG-10: Issue number 10',
    ]);
    expect(jira.seen[0]!.url.searchParams.get('jql')).toContain('updated >= "2026-02-01 00:00"');
  });

  it("leaves out blacklisted authors' comments: an issue changed only by one is not sent again", async () => {
    const issues = manyIssues('ENG', 3);
    const window = new Date('2026-02-01T00:00:00Z');
    // ENG-1: a bot commented in the window; ENG-2: a person did.
    issues[0]!.comments = [{ email: 'NoReply@acme.example', at: new Date('2026-02-02T00:00:00Z') }];
    issues[0]!.updated = new Date('2026-02-02T00:00:00Z');
    issues[1]!.comments = [{ email: 'ana@acme.example', at: new Date('2026-02-03T00:00:00Z') }];
    issues[1]!.updated = new Date('2026-02-03T00:00:00Z');
    jira = await startFakeJira({ token: 'pat', issues });
    const read = (blacklist: string[]) =>
      readAll(
        jiraReader,
        readInput('Jira', {
          config: config({ comment_email_blacklist: blacklist }),
          credential: { jira_api_token: 'pat' },
          since: window,
        }),
      );
    const honoured = await read(['noreply@acme.example']);
    expect(honoured.documents.map((d) => d.semantic_identifier)).toEqual(['ENG-2: Issue number 2']);
    const without = await read([]);
    expect(without.documents).toHaveLength(2);
  });

  it('a prune lists every issue the project still has (the deleted ones are gone)', async () => {
    jira = await startFakeJira({ token: 'pat', issues: manyIssues('ENG', 12) });
    jira.issues = jira.issues.filter((issue) => !['ENG-3', 'ENG-7'].includes(issue.key));
    const outcome = await readAll(
      jiraReader,
      readInput('Jira', { config: config(), credential: { jira_api_token: 'pat' }, batchSize: 5 }),
    );
    expect(outcome.documents).toHaveLength(10);
    expect(outcome.documents.map((d) => d.document_id)).not.toContain(
      `${jira.origin}/browse/ENG-3`,
    );
  });

  it("a revoked token is a refusal (D14's validation error) with Jira's reason in words", async () => {
    jira = await startFakeJira({ token: 'pat', issues: manyIssues('ENG', 3) });
    jira.revoked = true;
    const reading = readAll(
      jiraReader,
      readInput('Jira', { config: config(), credential: { jira_api_token: 'pat' } }),
    );
    await expect(reading).rejects.toBeInstanceOf(SourceRefusal);
    await expect(reading).rejects.toThrow(
      'Jira refused the token (401): Client must be authenticated to access this resource.',
    );
    expect(jira.seen).toHaveLength(1); // a refusal is not tried again
  });

  it('waits as long as 429 Retry-After says, then reads on', async () => {
    jira = await startFakeJira({ token: 'pat', issues: manyIssues('ENG', 3) });
    jira.faults.push({ status: 429, headers: { 'retry-after': '1' } });
    const outcome = await readAll(
      jiraReader,
      readInput('Jira', { config: config(), credential: { jira_api_token: 'pat' } }),
    );
    expect(outcome.documents).toHaveLength(3);
    expect(outcome.retries).toEqual([
      { why: 'Jira asked to slow down (429): Fault 429', waitMs: 1000 },
    ]);
    expect(jira.seen[1]!.at - jira.seen[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('a 500 is tried again; 500s past the tries allowed fail the run with the last error', async () => {
    jira = await startFakeJira({ token: 'pat', issues: manyIssues('ENG', 3) });
    jira.faults.push({ status: 500 });
    const once = await readAll(
      jiraReader,
      readInput('Jira', { config: config(), credential: { jira_api_token: 'pat' } }),
    );
    expect(once.documents).toHaveLength(3);
    jira.faults.push(
      { status: 500 },
      { status: 502 },
      { status: 503, body: { message: 'Down for maintenance' } },
    );
    const failing = readAll(
      jiraReader,
      readInput('Jira', { config: config(), credential: { jira_api_token: 'pat' } }),
    );
    await expect(failing).rejects.toBeInstanceOf(SourceFailure);
    await expect(failing).rejects.toThrow(
      'Jira failed with a server error (503): Down for maintenance (tried 3 times)',
    );
  });

  it('a slow answer past the time limit is tried again', async () => {
    jira = await startFakeJira({ token: 'pat', issues: manyIssues('ENG', 3) });
    jira.faults.push({ delayMs: 1500 });
    const outcome = await readAll(
      jiraReader,
      readInput('Jira', {
        config: config(),
        credential: { jira_api_token: 'pat' },
        httpSettings: { timeoutMs: 300 },
      }),
    );
    expect(outcome.documents).toHaveLength(3);
    expect(outcome.retries[0]!.why).toBe(`Jira (${jira.host}) did not answer in time`);
  });
});
