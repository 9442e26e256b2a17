// A .zip upload unpacked into its files (the File source's `unzip=true`, as
// Onyx unpacks one): each entry streamed to the upload folder under a random
// id like any uploaded file. yauzl (a small, long-kept streaming reader that
// reads the zip's central directory, refuses entries whose names are absolute
// or climb with `..`, and checks each entry's real size against its header)
// reads the archive; nothing of an entry's path is used but its name, made safe,
// so a zip-slip path cannot reach outside the folder. Bounded: entries and
// total unpacked bytes (ZIP_LIMITS); over a bound, a broken zip or a kind of
// file the source does not read is refused and whatever was written is removed.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import {
  byteSize,
  fileUploadProblem,
  safeFileName,
  ZIP_LIMITS,
} from '../../src/contract/fileUpload';
import type { UploadFolder } from './fileUpload';

/** Why a zip cannot be unpacked, in words for its uploader. */
export class ZipRefused extends Error {}

/** Whether an entry is the archive's own bookkeeping (a folder, macOS' resource forks). */
const skipped = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/');

/** Unpacks the zip at `path` into the folder: each file's location and name, in the zip's order. */
export async function unzipInto(
  folder: UploadFolder,
  path: string,
  zipName: string,
): Promise<{ locations: string[]; names: string[] }> {
  const written: string[] = [];
  const names: string[] = [];
  let entries = 0;
  let total = 0;
  let zip: yauzl.ZipFile | undefined;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  } catch (error) {
    throw new ZipRefused(`"${zipName}" is not a zip that can be read: ${(error as Error).message}`);
  }
  try {
    for (;;) {
      const entry = await nextEntry(zip, zipName);
      if (!entry) break;
      if (skipped(entry.fileName)) continue;
      entries += 1;
      if (entries > ZIP_LIMITS.maxEntries) {
        throw new ZipRefused(`"${zipName}" holds more than ${ZIP_LIMITS.maxEntries} files.`);
      }
      const name = safeFileName(entry.fileName);
      const why = fileUploadProblem(name);
      if (why) throw new ZipRefused(`In "${zipName}": ${why}`);
      const id = randomUUID();
      written.push(join(folder.dir, id));
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          total += chunk.length;
          if (total > ZIP_LIMITS.maxTotalBytes) {
            done(
              new ZipRefused(
                `"${zipName}" unpacks to more than ${byteSize(ZIP_LIMITS.maxTotalBytes)}.`,
              ),
            );
          } else done(null, chunk);
        },
      });
      await pipeline(
        await zip.openReadStreamPromise(entry),
        counted,
        createWriteStream(join(folder.dir, id), { flags: 'wx', mode: 0o600 }),
      );
      names.push(name);
    }
    return { locations: written.map((file) => file.slice(folder.dir.length + 1)), names };
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    if (error instanceof ZipRefused) throw error;
    throw new ZipRefused(`"${zipName}" is not a zip that can be read: ${(error as Error).message}`);
  } finally {
    zip.close();
  }
}

function nextEntry(zip: yauzl.ZipFile, zipName: string): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: yauzl.Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (error: Error) => (
      cleanup(),
      reject(new ZipRefused(`"${zipName}" is not a zip that can be read: ${error.message}`))
    );
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}
