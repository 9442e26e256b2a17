// The File source's upload (Onyx's POST /manage/admin/connector/file/upload):
// multipart files in the field `files`, answered with the stored files'
// locations and names, which a File connector's config then names
// (`file_locations`, `file_names`). Its limits live here, once: the server
// enforces them while it streams each file to disk, the panel says them before
// anything is sent.
import * as z from 'zod/mini';
import { describeAnswer } from './answerWords';

const MIB = 1024 * 1024;

export const FILE_UPLOAD_PATH = '/manage/admin/connector/file/upload';

export const FILE_UPLOAD_LIMITS = {
  /** The multipart field the files come in (Onyx's). */
  field: 'files',
  /** Files in one upload. */
  maxFiles: 20,
  /** Bytes of one file. */
  maxFileBytes: 25 * MIB,
  /** A file's stored name, in characters (code points). */
  maxNameLength: 255,
  /**
   * The kinds of file the File source reads: Onyx's plain-text and document
   * extensions, and a zip of them (kept whole, or unpacked with `unzip=true`).
   */
  extensions: [
    '.txt',
    '.md',
    '.mdx',
    '.conf',
    '.log',
    '.json',
    '.csv',
    '.tsv',
    '.xml',
    '.yml',
    '.yaml',
    '.sql',
    '.pdf',
    '.docx',
    '.pptx',
    '.xlsx',
    '.xlsm',
    '.eml',
    '.epub',
    '.html',
    '.zip',
  ],
} as const;

/** A zip unpacked by the upload (`unzip=true`): its files and their bytes once unpacked. */
export const ZIP_LIMITS = {
  maxEntries: 500,
  maxTotalBytes: 200 * MIB,
} as const;

/** The largest request an upload may be: every file at its limit, and room for the multipart framing. */
export const FILE_UPLOAD_BODY_LIMIT =
  FILE_UPLOAD_LIMITS.maxFiles * FILE_UPLOAD_LIMITS.maxFileBytes + MIB;

/** Bytes as a person reads them ("25 MiB", "1.5 KiB", "12 bytes"). */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** What the upload takes, in one sentence (the form says it before anything is sent). */
export const FILE_UPLOAD_RULE =
  `Up to ${FILE_UPLOAD_LIMITS.maxFiles} files at once, each at most ` +
  `${byteSize(FILE_UPLOAD_LIMITS.maxFileBytes)}: ${FILE_UPLOAD_LIMITS.extensions.join(', ')}.`;

/**
 * A file's name as stored and shown: its last path segment (a browser or a
 * client may send `C:\dir\a.pdf` or `../a.pdf`), without control characters,
 * trimmed, cut to the limit keeping its extension; "" when nothing is left.
 */
export function safeFileName(sent: string): string {
  const base = sent.split(/[/\\]/).pop() ?? '';
  // \p{Cc}: Unicode's control characters (U+0000–U+001F, U+007F–U+009F).
  const clean = base
    .normalize('NFC')
    .replace(/\p{Cc}/gu, '')
    .trim();
  const name = clean === '.' || clean === '..' ? '' : clean;
  const chars = Array.from(name);
  if (chars.length <= FILE_UPLOAD_LIMITS.maxNameLength) return name;
  const extension = extensionOf(name);
  return chars.slice(0, FILE_UPLOAD_LIMITS.maxNameLength - extension.length).join('') + extension;
}

/** A name's extension in lower case, with its dot ("" when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

/** Why a file may not be uploaded (its name and size as the browser knows them); null when it may. */
export function fileUploadProblem(name: string, size?: number): string | null {
  const safe = safeFileName(name);
  if (safe === '') return 'The file has no name: give it one before uploading it.';
  const extension = extensionOf(safe);
  if (!(FILE_UPLOAD_LIMITS.extensions as readonly string[]).includes(extension)) {
    return `"${safe}" is not a kind of file the File source reads: use ${FILE_UPLOAD_LIMITS.extensions.join(', ')}.`;
  }
  if (size !== undefined && size > FILE_UPLOAD_LIMITS.maxFileBytes) return fileTooLarge(safe);
  return null;
}

/** What a zip-only upload takes (Google Sites' exported site), in one sentence. */
export const ZIP_UPLOAD_RULE = `One .zip file, at most ${byteSize(FILE_UPLOAD_LIMITS.maxFileBytes)}.`;

/** Why a file may not be uploaded where one zip is asked for; null when it may. */
export function zipUploadProblem(name: string, size?: number): string | null {
  const problem = fileUploadProblem(name, size);
  if (problem) return problem;
  const safe = safeFileName(name);
  return extensionOf(safe) === '.zip' ? null : `"${safe}" is not a .zip file: ${ZIP_UPLOAD_RULE}`;
}

/** The 413's words for a file over the limit. */
export const fileTooLarge = (name: string) =>
  `"${name}" is larger than ${byteSize(FILE_UPLOAD_LIMITS.maxFileBytes)}, the limit for one file.`;

export const TOO_MANY_FILES = `Upload at most ${FILE_UPLOAD_LIMITS.maxFiles} files at once.`;

/** The upload's query: `unzip=true` unpacks each .zip into its files (the File source); otherwise a zip is kept whole (Google Sites reads it so). */
export const fileUploadQuerySchema = z.object({
  unzip: z.optional(
    z
      .enum(['true', 'false'])
      .check(z.describe('`true`: unpack each .zip into the files it holds.')),
  ),
});

/** Onyx's FileUploadResponse: each file's location (what `file_locations` names) and its name. */
export const fileUploadAnswerSchema = z.object({
  file_paths: z.array(z.string()),
  file_names: z.array(z.string()),
  /** Onyx's metadata file of an unzipped archive; none here (a zip is kept whole, or unpacked with `unzip=true`): always null. */
  zip_metadata_file_id: z.null(),
});
describeAnswer(fileUploadAnswerSchema, {
  file_paths:
    "Each stored file's location, in the order sent: what a File connector's `file_locations` names.",
  file_names:
    "Each file's name as kept (its last path segment, without control characters): the connector's `file_names`.",
  zip_metadata_file_id:
    'Onyx names the metadata file of an unzipped archive here; none is made here (a zip is kept whole, or unpacked with `unzip=true`): always `null`.',
});
export type FileUploadAnswer = z.infer<typeof fileUploadAnswerSchema>;

/**
 * A stored file's location as the upload answers it: the id the server made
 * (a random UUID). Anything else names no file here (Onyx's own paths, a path
 * that climbs out of the folder).
 */
export const UPLOAD_LOCATION_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The sources whose connectors name uploaded files (`file_locations`). */
export const UPLOADED_FILE_SOURCES = ['file', 'google_sites'] as const;

/** Whether connectors of `source` name uploaded files. */
export const namesUploadedFiles = (source: string | undefined) =>
  (UPLOADED_FILE_SOURCES as readonly (string | undefined)[]).includes(source);

/**
 * How long an uploaded file no connector names is kept (the form's upload and
 * its Create are minutes apart; a day covers a wizard left open overnight).
 */
export const UNCLAIMED_UPLOAD_HOURS = 24;

/** One file of a connector (Onyx's connector files answer): `size_bytes` null when it is missing here. */
export const connectorFileSchema = z.object({
  file_id: z.string(),
  file_name: z.string(),
  size_bytes: z.nullable(z.int()),
  upload_date: z.nullable(z.string()),
});
describeAnswer(connectorFileSchema, {
  file_id: "The file's location (what the connector's `file_locations` names).",
  file_name:
    "The file's name as uploaded (the connector's `file_names`), or its location when none.",
  size_bytes: 'Its size in bytes; `null` when the server keeps no file there (upload it again).',
  upload_date: 'When it was uploaded (UTC, ISO-8601); `null` when the server keeps no file there.',
});
export const connectorFilesAnswerSchema = z.object({ files: z.array(connectorFileSchema) });
describeAnswer(connectorFilesAnswerSchema, {
  files: 'The uploaded files the connector names, in its order.',
});
export type ConnectorFilesAnswer = z.infer<typeof connectorFilesAnswerSchema>;

/** A connector's `file_locations` naming an upload the server does not keep (D3's 422 at its place). */
export const missingUpload = (location: string) =>
  `No uploaded file is kept at "${location}": upload the file again and name the location the upload answers.`;
