// D11/D12: a full disk is said as such (503 with `detail`), the request changes
// nothing, reads go on, and writes work again once there is room. The database's
// page limit stands in for the disk.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { DISK_FULL_DETAIL } from '../../server/db/storageErrors';
import { useTestServer } from '../support/useTestServer';
import { api, plainRequest, snapshotDb } from '../support/http';

const server = useTestServer();

const bigConnector = (name: string) =>
  plainRequest('file', { name, connector_specific_config: { notes: 'x'.repeat(60_000) } });

it('while the disk is full: 503 with words, nothing stored, lists still answered; then writes again', async () => {
  const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(server.store.db);
  await sql.raw(`pragma max_page_count = ${rows[0]!.page_count + 2}`).execute(server.store.db);
  const before = await snapshotDb(server);

  const full = await api(server, 'POST', '/manage/admin/connector', {
    body: bigConnector('Too big'),
  });
  expect(full.status).toBe(503);
  expect(full.json).toEqual({ detail: DISK_FULL_DETAIL });
  expect(await snapshotDb(server)).toEqual(before);
  expect((await api(server, 'GET', '/manage/admin/connector')).status).toBe(200);

  await sql.raw('pragma max_page_count = 1073741823').execute(server.store.db);
  const room = await api(server, 'POST', '/manage/admin/connector', {
    body: bigConnector('Fits now'),
  });
  expect(room.status).toBe(200);
});
