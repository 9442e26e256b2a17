// The worker's Confluence reader against a fake Confluence on 127.0.0.1: CQL
// by space and lastmodified, paged by `_links.next`, Cloud under /wiki and
// Server at the root, a revoked token.
import { afterEach, describe, expect, it } from 'vitest';
import { confluenceReader } from '../../worker/sources/confluence';
import { SourceRefusal } from '../../worker/sources/http';
import {
  startFakeConfluence,
  type FakeConfluence,
  type FakePage,
} from '../support/fakeSources/fakeConfluence';
import { readAll, readInput } from '../support/readSource';

let confluence: FakeConfluence;
afterEach(() => confluence?.close());

const pages = (space: string, count: number): FakePage[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${space}${String(i + 1).padStart(4, '0')}`,
    title: `${space} page ${i + 1}`,
    space,
    updated: new Date(Date.UTC(2026, 0, 1, 0, i)),
  }));

describe('Confluence reader', () => {
  it("Cloud: every page of the space, paged by Confluence's next link", async () => {
    confluence = await startFakeConfluence({
      cloud: true,
      user: 'bot@acme.example',
      token: 't',
      pages: [...pages('ENG', 120), ...pages('HR', 3)],
    });
    const outcome = await readAll(
      confluenceReader,
      readInput('Confluence', {
        config: { is_cloud: true, wiki_base: confluence.origin, space: 'ENG' },
        credential: { confluence_username: 'bot@acme.example', confluence_access_token: 't' },
        batchSize: 50,
      }),
    );
    expect(outcome.documents).toHaveLength(120);
    expect(outcome.checkpoints).toHaveLength(3);
    expect(outcome.documents[0]).toEqual({
      document_id: `${confluence.origin}/wiki/spaces/ENG/pages/ENG0001`,
      semantic_identifier: 'ENG page 1',
      link: `${confluence.origin}/wiki/spaces/ENG/pages/ENG0001`,
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    expect(confluence.seen.every((r) => r.url.pathname === '/wiki/rest/api/content/search')).toBe(
      true,
    );
  });

  it('Server: an incremental run asks for lastmodified since the window, resumes from its checkpoint', async () => {
    const all = pages('ENG', 40);
    for (const page of all.slice(10, 25)) page.updated = new Date('2026-05-01T12:00:00Z');
    confluence = await startFakeConfluence({ cloud: false, token: 'pat', pages: all });
    const input = (checkpoint: Record<string, unknown> | null) =>
      readInput('Confluence', {
        config: { is_cloud: false, wiki_base: confluence.origin, space: 'ENG' },
        credential: { confluence_access_token: 'pat' },
        since: new Date('2026-04-01T00:00:00Z'),
        batchSize: 10,
        checkpoint,
      });
    const first = await readAll(confluenceReader, input(null), 1);
    expect(first.documents).toHaveLength(10);
    const rest = await readAll(confluenceReader, input(first.checkpoints[0]!));
    expect(rest.documents).toHaveLength(5);
    expect(confluence.seen[0]!.url.searchParams.get('cql')).toBe(
      'type=page and space="ENG" and lastmodified >= "2026-04-01 00:00"',
    );
  });

  it('a revoked token is a refusal with the reason Confluence gives', async () => {
    confluence = await startFakeConfluence({ cloud: false, token: 'pat', pages: pages('ENG', 2) });
    confluence.revoked = true;
    const reading = readAll(
      confluenceReader,
      readInput('Confluence', {
        config: { is_cloud: false, wiki_base: confluence.origin },
        credential: { confluence_access_token: 'pat' },
      }),
    );
    await expect(reading).rejects.toBeInstanceOf(SourceRefusal);
    await expect(reading).rejects.toThrow(
      'Confluence refused the token (401): Current user not permitted to use Confluence',
    );
  });
});
