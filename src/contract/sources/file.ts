// File: Onyx's LocalFileConnector: the stored files' locations, at least one.
// No credential (D7: credential 0).
import * as z from 'zod/mini';
import { boundedList, filledText, issueType } from '../schemaParts';
import type { SourceContract } from './types';

export const file = {
  config: z.looseObject({
    file_locations: boundedList(filledText).check(
      z.refine((list) => list.length > 0, {
        message: 'Add at least one file',
        ...issueType('too_short'),
      }),
    ),
  }),
  credential: null,
} satisfies SourceContract;
