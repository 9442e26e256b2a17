// The write thread's handshake (D12 with the loop free): the worker takes a
// statement only once the loop's count of them has moved, never on a wake-up
// alone. On a busy machine the loop can be taken off the core between moving
// the count and its notify; the worker may by then have answered and gone back
// to sleep, and that late notify wakes it with nothing new in the buffer but
// its own answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { WriteThread } from './writeThread';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

it('a wake-up with no new statement (a late notify) neither ends the thread nor runs anything twice', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'sourcedesk-thread-'));
  folders.push(folder);
  const thread = new WriteThread(join(folder, 'db.sqlite'), 1_000, 10);
  try {
    await thread.run('create table t (x integer)', []);
    await thread.run('insert into t values (1)', []);
    // The worker asleep again, waiting for the next statement.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The late notify: the count of statements has not moved.
    const { shared } = thread as unknown as { shared: SharedArrayBuffer };
    Atomics.notify(new Int32Array(shared, 0, 4), 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { rows } = await thread.run<{ n: number }>('select count(*) as n from t', []);
    expect(rows).toEqual([{ n: 1 }]);
  } finally {
    await thread.close();
  }
});
