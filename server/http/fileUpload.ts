// Reading an upload (the File source's, src/contract/fileUpload.ts): each file
// of a multipart body streamed to the upload folder as it arrives, never whole
// in memory, under a name the server makes (a random id; the sent name is only
// kept, made safe, as its display name). The contract's limits are busboy's
// (@fastify/multipart): too many files or a file too large is D11's 413, a
// kind of file the source does not read is D3's 422 at its place in the list.
// Whatever fails, nothing of the request is left in the folder.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { ValidationError } from '../../src/contract/contract';
import {
  FILE_UPLOAD_LIMITS,
  fileTooLarge,
  extensionOf,
  fileUploadProblem,
  missingUpload,
  safeFileName,
  TOO_MANY_FILES,
  UPLOAD_LOCATION_PATTERN,
  namesUploadedFiles,
  type ConnectorFilesAnswer,
  type FileUploadAnswer,
} from '../../src/contract/fileUpload';
import { Problem, problem, validationProblem } from './problems';
import { unzipInto, ZipRefused } from './unzipUpload';
import type { Validated } from './validation';

/** The folder uploaded files are kept in (the data folder's `uploads/`). */
export interface UploadFolder {
  dir: string;
}

/** Onyx takes no other field beside the files; a few small ones are skipped, more are refused. */
const FIELD_LIMITS = { fields: 10, fieldSize: 1024 };

const isMultipart = (header: string | undefined) =>
  header?.split(';')[0]?.trim().toLowerCase() === 'multipart/form-data';

/** D3's order: a body that is not multipart is refused before any of it is read. */
export function assertMultipart(request: FastifyRequest) {
  if (!isMultipart(request.headers['content-type'])) {
    throw problem(415, 'Unsupported Media Type: send the files as multipart/form-data');
  }
}

/** The parser's own errors (limits, broken bodies) in D11's and D3's words. */
function answerFor(error: unknown): unknown {
  if (error instanceof Problem) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return problem(413, TOO_MANY_FILES);
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const part = (error as { part?: { filename?: string } }).part;
    return problem(413, fileTooLarge(safeFileName(part?.filename ?? '')));
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return problem(413, `${TOO_MANY_FILES} Send no other fields with them.`);
  }
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return validationProblem([
      { loc: ['body'], msg: 'Send only files, in the field "files"', type: 'value_error' },
    ]);
  }
  if (error instanceof Error && /multipart|boundary|terminated early/i.test(error.message)) {
    return validationProblem([
      {
        loc: ['body'],
        msg: `The multipart body could not be read: ${error.message}`,
        type: 'value_error',
      },
    ]);
  }
  return error;
}

/** Streams the request's files into the folder; answers Onyx's FileUploadResponse. */
export async function receiveFiles(
  request: FastifyRequest,
  folder: UploadFolder,
  unzip = false,
): Promise<FileUploadAnswer> {
  await mkdir(folder.dir, { recursive: true, mode: 0o700 });
  const written: string[] = [];
  const problems: ValidationError[] = [];
  const answer: FileUploadAnswer = { file_paths: [], file_names: [], zip_metadata_file_id: null };
  let index = 0;
  try {
    const parts = request.parts({
      limits: {
        files: FILE_UPLOAD_LIMITS.maxFiles,
        fileSize: FILE_UPLOAD_LIMITS.maxFileBytes,
        parts: FILE_UPLOAD_LIMITS.maxFiles + FIELD_LIMITS.fields,
        ...FIELD_LIMITS,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      const place = index++;
      const refused = (loc: (string | number)[], msg: string) => {
        problems.push({ loc, msg, type: 'value_error' });
        part.file.resume(); // read to its end, kept nowhere
      };
      if (part.fieldname !== FILE_UPLOAD_LIMITS.field) {
        refused(['body', part.fieldname], `Send files in the field "${FILE_UPLOAD_LIMITS.field}"`);
        continue;
      }
      const why = fileUploadProblem(part.filename);
      if (why) {
        refused(['body', FILE_UPLOAD_LIMITS.field, place], why);
        continue;
      }
      if (problems.length > 0) {
        part.file.resume(); // the upload is refused: the rest is only read for its problems
        continue;
      }
      const id = randomUUID();
      const partial = join(folder.dir, `${id}.part`);
      written.push(partial);
      await pipeline(part.file, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      const name = safeFileName(part.filename);
      if (part.file.truncated) throw problem(413, fileTooLarge(name));
      await rename(partial, join(folder.dir, id));
      written[written.length - 1] = join(folder.dir, id);
      if (unzip && extensionOf(name) === '.zip') {
        try {
          const unpacked = await unzipInto(folder, join(folder.dir, id), name);
          written.push(...unpacked.locations.map((location) => join(folder.dir, location)));
          answer.file_paths.push(...unpacked.locations);
          answer.file_names.push(...unpacked.names);
        } catch (error) {
          if (!(error instanceof ZipRefused)) throw error;
          problems.push({
            loc: ['body', FILE_UPLOAD_LIMITS.field, place],
            msg: error.message,
            type: 'value_error',
          });
        }
        await rm(join(folder.dir, id), { force: true });
        continue;
      }
      answer.file_paths.push(id);
      answer.file_names.push(name);
    }
    if (problems.length > 0) throw validationProblem(problems);
    if (index === 0) {
      throw validationProblem([
        { loc: ['body', FILE_UPLOAD_LIMITS.field], msg: 'Field required', type: 'missing' },
      ]);
    }
  } catch (error) {
    await Promise.all(written.map((path) => rm(path, { force: true })));
    throw answerFor(error);
  }
  return answer;
}

/** The stored file at `location`: its size and time, or null when the folder keeps no such file. */
export async function storedFile(folder: UploadFolder, location: string) {
  if (!UPLOAD_LOCATION_PATTERN.test(location)) return null;
  try {
    const found = await stat(join(folder.dir, location));
    return found.isFile() ? { size: found.size, time: found.mtime } : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The files a connector's config names (`file_locations`, `file_names`), as the folder keeps them. */
export async function connectorFiles(
  folder: UploadFolder,
  config: Record<string, unknown>,
): Promise<ConnectorFilesAnswer> {
  const locations = Array.isArray(config.file_locations) ? config.file_locations : [];
  const names = Array.isArray(config.file_names) ? config.file_names : [];
  const files = await Promise.all(
    locations.map(async (location: unknown, index) => {
      const id = String(location);
      const kept = await storedFile(folder, id);
      const name = names[index];
      return {
        file_id: id,
        file_name: typeof name === 'string' && name !== '' ? name : id,
        size_bytes: kept?.size ?? null,
        upload_date: kept?.time.toISOString() ?? null,
      };
    }),
  );
  return { files };
}

/**
 * A connector of a source that reads uploads may name only uploads the folder
 * keeps: a location in the upload's form (its id) that names no kept file (swept
 * away, removed, mistyped) is D3's 422 at its place in `file_locations`, so the
 * create or change changes nothing. A location in any other form is a setup
 * from elsewhere (Onyx's own paths) and is kept as sent (D4).
 */
export async function withUploadsKept<
  T extends { source?: string; connector_specific_config?: Record<string, unknown> },
>(folder: UploadFolder, checked: Validated<T>, source?: string): Promise<Validated<T>> {
  if (!checked.ok) return checked;
  const kind = source ?? checked.value.source;
  if (!namesUploadedFiles(kind)) return checked;
  const locations = checked.value.connector_specific_config?.file_locations;
  if (!Array.isArray(locations)) return checked;
  const errors: ValidationError[] = [];
  for (const [index, location] of locations.entries()) {
    const id = String(location);
    if (UPLOAD_LOCATION_PATTERN.test(id) && !(await storedFile(folder, id))) {
      errors.push({
        loc: ['body', 'connector_specific_config', 'file_locations', index],
        msg: missingUpload(id),
        type: 'value_error',
      });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : checked;
}

/**
 * Removes the uploads no connector names once they are older than `hours`: a
 * form's upload that was never used, a deleted connector's files. Files still
 * being written (`.part`) are left to their own request. Answers how many went.
 */
export async function removeUnclaimedUploads(
  folder: UploadFolder,
  named: ReadonlySet<string>,
  hours: number,
  now = Date.now(),
): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(folder.dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const entry of entries) {
    if (!UPLOAD_LOCATION_PATTERN.test(entry) || named.has(entry)) continue;
    const kept = await storedFile(folder, entry);
    if (kept && now - kept.time.getTime() >= hours * 3_600_000) {
      await rm(join(folder.dir, entry), { force: true });
      removed += 1;
    }
  }
  return removed;
}
