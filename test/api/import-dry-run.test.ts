// POST /admin/import's `dry_run` is a switch that decides whether anything is
// written: given empty (`?dry_run=`) or more than once (`?dry_run=true&dry_run=false`)
// it is refused with D3's 422 at its loc, and nothing is imported — never read
// as "no dry run" or as its last value.
import { describe, expect, it } from 'vitest';
import { api, snapshotDb } from '../support/http';
import { useTestServer } from '../support/useTestServer';

const server = useTestServer();
const BUNDLE = {
  format_version: 1,
  users: [{ email: 'dry-run@example.com', role: 'basic' }],
  user_groups: [{ name: 'Dry run group', members: ['dry-run@example.com'], curators: [] }],
};

describe('D3: an empty or repeated dry_run', () => {
  it.each([
    ['empty', '?dry_run=', 'dry_run is empty: give true or false'],
    ['repeated', '?dry_run=true&dry_run=false', 'Give dry_run once, not 2 times'],
    ['repeated the other way', '?dry_run=false&dry_run=true', 'Give dry_run once, not 2 times'],
  ])('%s: 422 at query.dry_run, nothing imported', async (_what, query, msg) => {
    const before = await snapshotDb(server);
    const answer = await api(server, 'POST', `/admin/import${query}`, { body: BUNDLE });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json).toEqual({
      detail: [{ loc: ['query', 'dry_run'], msg, type: 'value_error' }],
    });
    expect(await snapshotDb(server)).toEqual(before);
  });

  it('given once it works as before: true plans, false applies', async () => {
    const before = await snapshotDb(server);
    expect((await api(server, 'POST', '/admin/import?dry_run=true', { body: BUNDLE })).status).toBe(
      200,
    );
    expect(await snapshotDb(server)).toEqual(before);
    const applied = await api(server, 'POST', '/admin/import?dry_run=false', { body: BUNDLE });
    expect(applied.status, applied.text).toBe(200);
    expect(await snapshotDb(server)).not.toEqual(before);
  });
});
