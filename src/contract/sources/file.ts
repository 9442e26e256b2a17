// File: Onyx's LocalFileConnector: the stored files' locations. Optional here
// while the upload (Onyx's /manage/admin/connector/file/upload) is not served:
// a File connector may be made first and given its files later. No credential
// (D7: credential 0).
import * as z from 'zod/mini';
import { boundedList, filledText } from '../schemaParts';
import type { SourceContract } from './types';

export const file = {
  config: z.looseObject({ file_locations: z.optional(z.nullable(boundedList(filledText))) }),
  credential: null,
} satisfies SourceContract;
