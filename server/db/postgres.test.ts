// Start-up on PostgreSQL says what is wrong in words, naming the database's
// host and never the password in the URL.
import { expect, test } from 'vitest';
import { databaseHost, openPostgresStore } from './postgres';

const KEY = Buffer.alloc(32, 7).toString('base64');

test('an unreachable database is named by host, port and database, without the password', async () => {
  const url = 'postgres://sourcedesk:hunter2-not-shown@127.0.0.1:1/fleet';
  const failure = openPostgresStore(url, KEY);
  await expect(failure).rejects.toThrow(
    /^Cannot reach the PostgreSQL database at 127\.0\.0\.1:1\/fleet \(SOURCEDESK_DATABASE_URL\): ECONNREFUSED/,
  );
  await expect(failure).rejects.not.toThrow(/hunter2/);
});

test('without SOURCEDESK_SECRET_KEY it does not start: every instance must seal with the same key', async () => {
  await expect(openPostgresStore('postgres://u:p@127.0.0.1:1/x', undefined)).rejects.toThrow(
    /SOURCEDESK_SECRET_KEY must be set with SOURCEDESK_DATABASE_URL/,
  );
});

test('databaseHost keeps the host, port and database only', () => {
  expect(databaseHost('postgresql://a:b@db.internal/sourcedesk')).toBe(
    'db.internal:5432/sourcedesk',
  );
  expect(databaseHost('postgres://a:secret@10.0.0.5:6543/x?sslmode=require')).toBe(
    '10.0.0.5:6543/x',
  );
});
