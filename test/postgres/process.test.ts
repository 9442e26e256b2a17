// The real server process and the key command on PostgreSQL: what an operator
// runs, with SOURCEDESK_DATABASE_URL and the shared SOURCEDESK_SECRET_KEY.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openPostgresStore } from '../../server/db/postgres';
import { findUserByEmail, setUserRole } from '../../server/repos/users';
import { TEST_DATABASE_URL } from '../support/harness';
import { onPostgres } from '../support/postgresForTests';
import { startServerProcess } from '../support/process';

const run = promisify(execFile);
const name = `sd_proc_${randomBytes(5).toString('hex')}`;
const databaseUrl = Object.assign(new URL(TEST_DATABASE_URL!), { pathname: `/${name}` }).toString();
const env = {
  SOURCEDESK_DATABASE_URL: databaseUrl,
  SOURCEDESK_SECRET_KEY: randomBytes(32).toString('base64'),
  SOURCEDESK_DEMO_DATA: 'off',
};

// An empty database of its own, as an operator would make one.
beforeAll(() => onPostgres(TEST_DATABASE_URL!, `create database ${name}`));
afterAll(() => onPostgres(TEST_DATABASE_URL!, `drop database if exists ${name} with (force)`));

const keys = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'server/keys.ts', ...args], {
    env: { ...process.env, ...env },
  });

test('the server starts on an empty PostgreSQL database, and `npm run keys` works beside it', async () => {
  const server = await startServerProcess(env);
  try {
    const key = /#key=(\S+)/.exec(server.stdout())?.[1];
    expect(key).toBeDefined();
    const list = await fetch(`${server.origin}/api/manage/admin/connector`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(list.status).toBe(200);
    const version = await fetch(`${server.origin}/api/versions`);
    expect(
      ((await version.json()) as { stable: { relational_db: string } }).stable.relational_db,
    ).toMatch(/^postgres:\d+/);

    const issued = await keys('issue', 'ops@process.test', '--role', 'curator');
    const opsKey = /sd_\S+/.exec(issued.stdout)?.[0];
    expect(opsKey).toBeDefined();
    const asOps = await fetch(`${server.origin}/api/manage/admin/connector`, {
      headers: { authorization: `Bearer ${opsKey}` },
    });
    expect(asOps.status).toBe(200); // the running server knows the new key at once
    expect((await keys('list')).stdout).toContain('ops@process.test');
  } finally {
    await server.stop();
  }
  // A second start finds the administrator there: no new key is printed.
  const again = await startServerProcess(env);
  try {
    expect(again.stdout()).not.toContain('#key=');
  } finally {
    await again.stop();
  }
});

test('an unreachable database stops the start with the host named, never the password', async () => {
  const failure = await startServerProcess({
    ...env,
    SOURCEDESK_DATABASE_URL: 'postgres://sourcedesk:do-not-print-me@127.0.0.1:1/nowhere',
  }).then(
    () => 'started',
    (error: Error) => error.message,
  );
  expect(failure).toContain('Cannot reach the PostgreSQL database at 127.0.0.1:1/nowhere');
  expect(failure).not.toContain('do-not-print-me');
});

test.each([
  ['the same key as before', (old: string) => old],
  ['a new key', () => `sd_${randomBytes(32).toString('base64url')}`],
  ['no key (one is made and printed)', () => undefined],
])(
  'no admin left, ADMIN_API_KEY is %s: the start makes the address admin again',
  async (_what, pick) => {
    const other = `sd_proc_${randomBytes(5).toString('hex')}`;
    const url = Object.assign(new URL(TEST_DATABASE_URL!), { pathname: `/${other}` }).toString();
    const old = `sd_${randomBytes(32).toString('base64url')}`;
    await onPostgres(TEST_DATABASE_URL!, `create database ${other}`);
    try {
      await (
        await startServerProcess({ ...env, SOURCEDESK_DATABASE_URL: url, ADMIN_API_KEY: old })
      ).stop();
      // The only admin demoted, as an older version could leave it.
      const store = await openPostgresStore(url, env.SOURCEDESK_SECRET_KEY);
      try {
        const admin = (await findUserByEmail(store.db, 'admin@sourcedesk.local'))!;
        await setUserRole(store.db, admin.id, 'basic');
      } finally {
        await store.close();
      }
      const given = pick(old);
      const again = await startServerProcess({
        ...env,
        SOURCEDESK_DATABASE_URL: url,
        ...(given ? { ADMIN_API_KEY: given } : {}),
      });
      try {
        const key = given ?? /#key=(sd_[\w-]+)/.exec(again.stdout())?.[1];
        expect(key).toBeDefined();
        const users = await fetch(`${again.origin}/api/manage/users/accepted`, {
          headers: { authorization: `Bearer ${key}` },
        });
        expect(users.status).toBe(200); // admins only: the key acts as an admin again
      } finally {
        expect(await again.stop()).toBe(0);
      }
    } finally {
      await onPostgres(TEST_DATABASE_URL!, `drop database if exists ${other} with (force)`);
    }
  },
  40_000,
);
