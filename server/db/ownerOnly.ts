// D12: the data folder holds the database and the credential key, so only the
// server's own user may open it: a new folder is made 700 and the files in it
// 600 (SQLite gives the -wal and -shm files the database file's mode). Files an
// older version made more open are narrowed at start.
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { storageErrorAt } from './storageErrors';

/** Bits that let anyone but the owner read, change or enter. */
export const OPEN_TO_OTHERS = 0o077;

/** Makes the folder (and missing parents) 700; a folder that exists keeps its mode (it may be the operator's). */
export function makeOwnerOnlyFolder(dir: string) {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw storageErrorAt(error, dir);
  }
}

/** Takes away what others may do with a file of ours, if it exists. */
export function narrowToOwner(file: string) {
  try {
    const { mode } = statSync(file);
    if (mode & OPEN_TO_OTHERS) chmodSync(file, mode & 0o700);
  } catch {
    // Missing, or owned by another user who lets us write it: theirs to set.
  }
}

/** Makes `file` empty with mode 600 when it is missing (before SQLite opens it); else narrows it. */
export function ownerOnlyFile(file: string) {
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw storageErrorAt(error, file);
    narrowToOwner(file);
  }
}
