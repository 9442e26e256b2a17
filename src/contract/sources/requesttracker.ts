// Request Tracker: Onyx's (since retired) RequestTrackerConnector: no settings;
// the credential names the RT site and its user.
import * as z from 'zod/mini';
import { filledText, httpUrlSchema } from '../schemaParts';
import type { SourceContract } from './types';

export const requesttracker = {
  config: z.looseObject({}),
  credential: z.looseObject({
    requesttracker_username: filledText,
    requesttracker_password: filledText,
    requesttracker_base_url: httpUrlSchema,
  }),
} satisfies SourceContract;
