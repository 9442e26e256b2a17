// Gmail: Onyx's GmailConnector takes no settings; its credential is a service
// account's key acting for a Workspace admin (OAuth is out of scope, as for Drive).
import * as z from 'zod/mini';
import { emailAddressSchema } from '../schemaParts';
import { serviceAccountKey } from './google_drive';
import type { SourceContract } from './types';

export const gmail = {
  config: z.looseObject({}),
  credential: z.looseObject({
    google_service_account_key: serviceAccountKey,
    google_primary_admin: emailAddressSchema,
  }),
} satisfies SourceContract;
