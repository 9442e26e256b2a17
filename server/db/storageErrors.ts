// Storage failures in words an operator can act on, naming the path (D12), and
// the answers a request gets while the disk is full or the database cannot be
// reached (D11: JSON with `detail`). Every store's errors are told apart here.

/** A store that cannot be opened or used; its message names the file or folder. */
export class StorageError extends Error {
  override name = 'StorageError';
}

const code = (error: unknown) => (error as { code?: string } | null)?.code ?? '';

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ENOSPC: 'the disk is full',
  SQLITE_FULL: 'the disk is full',
  SQLITE_READONLY: 'the database is read-only',
  SQLITE_CANTOPEN: 'the database file cannot be opened',
  SQLITE_CORRUPT: 'the database file is damaged',
  SQLITE_NOTADB: 'the file is not a SQLite database',
};

/** What to do about a damaged database file. */
export const RESTORE_ADVICE =
  'Stop every Sourcedesk process, then restore the file from a backup, or move it (and its ' +
  '-wal and -shm files) away to start with an empty database.';
const DAMAGED = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);

/** An error met at `path`, said plainly with the path in it. */
export function storageErrorAt(error: unknown, path: string): StorageError {
  const reason = REASONS[code(error)] ?? (error instanceof Error ? error.message : String(error));
  const advice = DAMAGED.has(code(error)) ? ` ${RESTORE_ADVICE}` : '';
  return new StorageError(`Cannot use the database at ${path}: ${reason}.${advice}`);
}

/** SQLite said the disk (or the database's size limit) is full. */
export const isDiskFull = (error: unknown) =>
  code(error) === 'SQLITE_FULL' || code(error) === 'ENOSPC';

export const DISK_FULL_DETAIL =
  'The server cannot store anything now: its disk is full. Nothing was changed; try again once space is freed.';

/**
 * A database that cannot be reached or answer now, on either store: the fault
 * is passing and is not the request's, so it is answered 503, not 500 (D11).
 * PostgreSQL: a connection refused, reset, lost or timed out (Node's and the
 * pg driver's words), SQLSTATE class 08 (connection exception), 57P01–57P03
 * (the server shutting down, crashed, or starting) and 53300 (no connection
 * slot free). SQLite: I/O errors, a file that cannot be opened, a lock still
 * held when the busy timeout ends, a file turned read-only.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const POSTGRES_CONNECTION_CLASS = /^08[0-9A-Z]{3}$/;
const SQLITE_CODES = /^SQLITE_(IOERR|CANTOPEN|BUSY|READONLY|PROTOCOL)(_|$)/;
const DRIVER_WORDS =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

export function isUnavailable(error: unknown): boolean {
  const value = code(error);
  if (NETWORK_CODES.has(value) || POSTGRES_CODES.has(value)) return true;
  if (POSTGRES_CONNECTION_CLASS.test(value) || SQLITE_CODES.test(value)) return true;
  if (error instanceof Error && DRIVER_WORDS.test(error.message)) return true;
  // A connection tried at several addresses fails with each one's error.
  const { errors } = (error ?? {}) as { errors?: unknown };
  return Array.isArray(errors) && errors.length > 0 && errors.every(isUnavailable);
}

/** How long a client is asked to wait before it tries again (Retry-After, seconds). */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_DETAIL =
  'The database cannot be reached just now, so this request could not be served. Try again in a few seconds.';
