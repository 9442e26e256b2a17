// The data folder as operators meet it (D12): one server per folder, the key
// command beside a running server, damaged or unusable storage refused at start
// in words that name the path, and no start-up that trips over its own admin.
import {
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { LAST_ADMIN_REFUSAL } from '../../src/contract/contract';
import { openStore } from '../../server/db/database';
import { findUserByEmail, setUserRole } from '../../server/repos/users';
import { runKeys, startServerProcess } from '../support/process';

const folders: string[] = [];
const freshFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sourcedesk-storage-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const startFailure = (env: Record<string, string>) =>
  startServerProcess({ SOURCEDESK_DEMO_DATA: 'off', ...env }).then(
    async (server) => {
      await server.stop();
      throw new Error('the server started');
    },
    (error: Error) => error.message,
  );

test('a second server on the same data folder refuses to start and names the first', async () => {
  const dataDir = freshFolder();
  const first = await startServerProcess({
    SOURCEDESK_DATA_DIR: dataDir,
    SOURCEDESK_DEMO_DATA: 'off',
  });
  try {
    const message = await startFailure({ SOURCEDESK_DATA_DIR: dataDir });
    expect(message).toContain(
      `Another Sourcedesk server (process ${first.child.pid}) is using the data folder`,
    );
    expect(message).not.toMatch(/\n\s+at /); // no stack trace
  } finally {
    expect(await first.stop()).toBe(0);
  }
  // The lock goes with the server: a new one starts.
  const again = await startServerProcess({ SOURCEDESK_DATA_DIR: dataDir });
  expect(await again.stop()).toBe(0);
}, 40_000);

test('the key command beside a running server: writes at the same time all succeed', async () => {
  const dataDir = freshFolder();
  const server = await startServerProcess({
    SOURCEDESK_DATA_DIR: dataDir,
    SOURCEDESK_DEMO_DATA: 'off',
  });
  try {
    const key = /#key=(sd_[\w-]+)/.exec(server.stdout())![1]!;
    let sent = 0;
    const failures: number[] = [];
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const response = await fetch(`${server.origin}/api/manage/admin/connector`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Written beside the CLI ${++sent}`,
            source: 'web',
            input_type: 'load_state',
            connector_specific_config: { base_url: 'https://example.com' },
          }),
        });
        if (response.status !== 200) failures.push(response.status);
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    const cli = [];
    for (let round = 0; round < 3; round++) {
      cli.push(await runKeys(dataDir, 'issue', `cli${round}@example.com`, '--role', 'basic'));
      cli.push(await runKeys(dataDir, 'list'));
    }
    stop = true;
    await Promise.all(writers);
    expect(cli.map((result) => result.code)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(sent).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  } finally {
    await server.stop();
  }
}, 60_000);

test('a damaged database file is refused at start, with its path and what to do', async () => {
  const dataDir = freshFolder();
  const store = await openStore(dataDir);
  await store.close();
  const file = join(dataDir, 'sourcedesk.sqlite');
  // Overwrite the second page (a table's b-tree) with garbage.
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, 4096);
  closeSync(fd);
  expect(statSync(file).size).toBeGreaterThan(8192);

  const message = await startFailure({ SOURCEDESK_DATA_DIR: dataDir });
  expect(message).toContain(`Cannot use the database at ${file}: the database file is damaged`);
  expect(message).toContain('restore the file from a backup');
  expect(message).not.toMatch(/\n\s+at /);
}, 30_000);

test('a data folder that cannot be made is refused in words that name it', async () => {
  const parent = freshFolder();
  writeFileSync(join(parent, 'a-file'), 'not a folder');
  const dataDir = join(parent, 'a-file', 'data');
  const message = await startFailure({ SOURCEDESK_DATA_DIR: dataDir });
  expect(message).toContain(`Cannot use the database at ${dataDir}`);
  expect(message).toContain('a part of the path is a file, not a folder');
  expect(message).not.toMatch(/\n\s+at /);
}, 30_000);

test('no admin left: start-up makes the configured address admin again instead of crashing', async () => {
  const dataDir = freshFolder();
  const store = await openStore(dataDir);
  const { prepareStore } = await import('../../server/setup');
  await prepareStore(store, {
    adminEmail: 'admin@sourcedesk.local',
    adminApiKey: undefined,
    demoData: false,
  });
  const admin = (await findUserByEmail(store.db, 'admin@sourcedesk.local'))!;
  await setUserRole(store.db, admin.id, 'basic'); // as an older version could leave it
  await store.close();

  const server = await startServerProcess({ SOURCEDESK_DATA_DIR: dataDir });
  try {
    const key = /#key=(sd_[\w-]+)/.exec(server.stdout())?.[1];
    expect(key).toBeDefined();
    const response = await fetch(`${server.origin}/api/manage/admin/connector`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
  } finally {
    expect(await server.stop()).toBe(0);
  }
}, 30_000);

test('a later start names the configured administrator, not another admin that sorts first', async () => {
  const store = await openStore(freshFolder());
  const { prepareStore } = await import('../../server/setup');
  const config = { adminEmail: 'admin@sourcedesk.local', adminApiKey: undefined, demoData: false };
  try {
    await prepareStore(store, config);
    // Another admin that sorts first (the demo's admin can be made in the same millisecond).
    await store.db
      .insertInto('users')
      .values({
        id: '00000000-0000-4000-8000-000000000000',
        email: 'early.admin@example.com',
        email_lower: 'early.admin@example.com',
        role: 'admin',
        time_created: '2000-01-01T00:00:00.000Z',
      })
      .execute();
    const later = await prepareStore(store, config);
    expect(later).toEqual({
      firstStart: false,
      adminEmail: 'admin@sourcedesk.local',
      adminKey: null,
    });
  } finally {
    await store.close();
  }
});

test("npm run keys --role sets an existing user's role, but never takes the last admin's", async () => {
  const dataDir = freshFolder();
  expect((await runKeys(dataDir, 'issue', 'lee@example.com', '--role', 'basic')).code).toBe(0);
  const promoted = await runKeys(dataDir, 'issue', 'lee@example.com', '--role', 'admin');
  expect(promoted.code).toBe(0);
  expect(promoted.stdout).toContain('The role of lee@example.com changed from basic to admin.');

  const refused = await runKeys(dataDir, 'issue', 'lee@example.com', '--role', 'basic');
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(
    `The role of lee@example.com stays admin, and no key was issued: ${LAST_ADMIN_REFUSAL}`,
  );
}, 30_000);
