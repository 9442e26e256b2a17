// File: Onyx's LocalFileConnector: the stored files' locations, as the upload
// (Onyx's /manage/admin/connector/file/upload, fileUpload.ts) answers them, with
// the names it answers in `file_names` and Onyx's zip metadata file (none here:
// a zip is stored as it is).
// Optional: a File connector may be made first and given its files later. No
// credential (D7: credential 0).
import * as z from 'zod/mini';
import { boundedList, filledText } from '../schemaParts';
import type { SourceContract } from './types';

export const file = {
  config: z.looseObject({
    file_locations: z.optional(z.nullable(boundedList(filledText))),
    file_names: z.optional(z.nullable(boundedList(z.string()))),
    zip_metadata_file_id: z.optional(z.nullable(z.string())),
  }),
  credential: null,
} satisfies SourceContract;
