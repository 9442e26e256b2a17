// Google Sites: Onyx's GoogleSitesConnector: an uploaded zip of the site's HTML
// and the site's address. No credential (D7: credential 0).
import * as z from 'zod/mini';
import { boundedList, filledText, httpUrlSchema, issueType } from '../schemaParts';
import type { SourceContract } from './types';

export const google_sites = {
  config: z.looseObject({
    file_locations: boundedList(filledText).check(
      z.refine((list) => list.length > 0, {
        message: 'Add the zip file of the site',
        ...issueType('too_short'),
      }),
    ),
    base_url: httpUrlSchema,
  }),
  credential: null,
} satisfies SourceContract;
