// Storage failures in words an operator can act on, naming the path (D12), and
// the answer a request gets while the disk is full (D11: JSON with `detail`).

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
