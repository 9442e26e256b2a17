// Whether any connection may have committed to a WAL database since the last
// look, read from the WAL index's header (the `-shm` file, which every
// connection maps): both copies of its header (sqlite.org/walformat.html, "The
// WAL-Index Header") move with every commit, whatever the connection or
// process (`iChange`, `mxFrame`, and the salts when the log starts over). One
// read of 96 bytes from the page cache costs a system call; SQLite's own
// `pragma data_version` takes and drops the database's shared lock and checks
// the file (two fcntl and an fstat), about 5 µs, and a request asked it once.
//
// A header that reads as before means no commit since; any difference (a
// commit, a torn read while one is written, a file that cannot be read) sends
// the caller to SQLite.
import { closeSync, openSync, readSync } from 'node:fs';

/** The two copies of WalIndexHdr, 48 bytes each. */
const HEADER_BYTES = 96;

export interface WalIndexWatch {
  /** False only when the header is byte for byte what the last call read. */
  moved(): boolean;
  close(): void;
}

/** `database`: the database file; its WAL index is `<database>-shm`, made by SQLite when it opens in WAL mode. */
export function watchWalIndex(database: string): WalIndexWatch {
  let fd: number | null = null;
  let seen: Buffer | null = null;
  const now = Buffer.alloc(HEADER_BYTES);
  return {
    moved() {
      try {
        fd ??= openSync(`${database}-shm`, 'r');
        if (readSync(fd, now, 0, HEADER_BYTES, 0) < HEADER_BYTES) return true;
      } catch {
        return true;
      }
      if (seen?.equals(now)) return false;
      seen = Buffer.from(now);
      return true;
    },
    /**
     * After this process's connections to the database are closed: closing
     * any descriptor of a file lets go of every POSIX lock the process holds
     * on it, SQLite's on the `-shm` among them.
     */
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
