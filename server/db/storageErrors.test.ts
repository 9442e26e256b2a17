// Which failures mean "the database cannot be reached now" (503, D11): told
// apart in one place for both stores.
import { expect, test } from 'vitest';
import { isDiskFull, isUnavailable } from './storageErrors';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

test.each([
  ['connection refused', withCode('ECONNREFUSED')],
  ['connection reset', withCode('ECONNRESET')],
  ['timed out', withCode('ETIMEDOUT')],
  [
    'PostgreSQL admin_shutdown',
    withCode('57P01', 'terminating connection due to administrator command'),
  ],
  ['PostgreSQL cannot_connect_now', withCode('57P03', 'the database system is starting up')],
  ['PostgreSQL connection_failure (class 08)', withCode('08006')],
  ['PostgreSQL too_many_connections', withCode('53300')],
  ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
  ['the pool waited too long', new Error('timeout exceeded when trying to connect')],
  ['a connect timeout', new Error('Connection terminated due to connection timeout')],
  [
    'a client whose connection failed',
    new Error('Client has encountered a connection error and is not queryable'),
  ],
  [
    'every address refused',
    Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), {}),
  ],
  ['SQLite I/O error', withCode('SQLITE_IOERR_READ', 'disk I/O error')],
  ['SQLite I/O error (plain)', withCode('SQLITE_IOERR')],
  ['SQLite file cannot be opened', withCode('SQLITE_CANTOPEN')],
  ['SQLite lock past the busy timeout', withCode('SQLITE_BUSY', 'database is locked')],
  ['SQLite file turned read-only', withCode('SQLITE_READONLY_DBMOVED')],
])('%s → unavailable', (_what, error) => {
  expect(isUnavailable(error)).toBe(true);
});

test.each([
  ['a unique key (the routes say what it means)', withCode('23505')],
  ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
  ['a damaged file (no retry helps: 500, and the operator restores)', withCode('SQLITE_CORRUPT')],
  ['a bug', new TypeError('x is undefined')],
  ['nothing', undefined],
  ['an empty AggregateError', new AggregateError([])],
  ['a syntax error', withCode('42601')],
])('%s → not unavailable', (_what, error) => {
  expect(isUnavailable(error)).toBe(false);
});

test('a full disk keeps its own answer', () => {
  expect(isDiskFull(withCode('SQLITE_FULL'))).toBe(true);
  expect(isUnavailable(withCode('SQLITE_FULL'))).toBe(false);
});
