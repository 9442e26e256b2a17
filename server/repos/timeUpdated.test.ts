// D4: time_updated moves with every change — also when the clock has not moved
// on since the last one (several changes in one millisecond, or a clock set back).
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { MEMORY, openStore, type Store } from '../db/database';
import { insertConnector, updateConnector } from './connectors';
import { createCredential, updateCredential } from './credentials';

let store: Store;
beforeEach(async () => {
  store = await openStore(MEMORY);
});
afterEach(async () => {
  vi.useRealTimers();
  await store.close();
});

const timeOf = async (table: 'connectors' | 'credentials', id: number) =>
  (
    await store.db
      .selectFrom(table)
      .select('time_updated')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).time_updated;

test('a connector changed three times in one millisecond, then with the clock set back', async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T10:00:00.000Z') });
  const id = await insertConnector(store.db, {
    name: 'Often changed',
    source: 'web',
    input_type: 'poll',
    access_type: 'PUBLIC',
    connector_specific_config: {},
  });
  const times = [await timeOf('connectors', id)];
  for (const status of ['PAUSED', 'ACTIVE', 'PAUSED'] as const) {
    await updateConnector(store.db, id, { status });
    times.push(await timeOf('connectors', id));
  }
  vi.setSystemTime(new Date('2026-11-23T09:00:00.000Z'));
  await updateConnector(store.db, id, { name: 'After the clock went back' });
  times.push(await timeOf('connectors', id));
  expect(times).toEqual([
    '2026-11-23T10:00:00.000Z',
    '2026-11-23T10:00:00.001Z',
    '2026-11-23T10:00:00.002Z',
    '2026-11-23T10:00:00.003Z',
    '2026-11-23T10:00:00.004Z',
  ]);
});

test('a credential renamed twice in one millisecond', async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T10:00:00.000Z') });
  const id = await createCredential(store.db, store.secrets, {
    source: 'slack',
    name: 'Bot',
    credential_json: { slack_bot_token: 'xoxb-0000' },
  });
  await updateCredential(store.db, store.secrets, id, { name: 'Bot 2' });
  await updateCredential(store.db, store.secrets, id, { name: 'Bot 3' });
  expect(await timeOf('credentials', id)).toBe('2026-11-23T10:00:00.002Z');
});
