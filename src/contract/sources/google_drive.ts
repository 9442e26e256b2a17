// Google Drive: Onyx's GoogleDriveConnector keys, with a service account's key
// (OAuth is out of scope). Either whole drives (the include boxes) or named
// drives, folders and users' My Drives (comma-separated text, as in Onyx).
import * as z from 'zod/mini';
import { emailAddressSchema, filledText, issueType, optionalText } from '../schemaParts';
import type { SourceContract } from './types';

const SCOPE_KEYS = [
  'include_shared_drives',
  'include_my_drives',
  'include_files_shared_with_me',
  'shared_drive_urls',
  'shared_folder_urls',
  'my_drive_emails',
] as const;

/** A service account's key file as text: a JSON object of `"type": "service_account"`. */
export const serviceAccountKey = filledText.check(
  z.refine(
    (text) => {
      try {
        return (JSON.parse(text) as { type?: unknown } | null)?.type === 'service_account';
      } catch {
        return false;
      }
    },
    {
      message: 'Paste the JSON key file of a service account (its "type" is "service_account")',
      ...issueType('value_error'),
    },
  ),
);

export const google_drive = {
  config: z
    .looseObject({
      include_shared_drives: z.optional(z.boolean()),
      include_my_drives: z.optional(z.boolean()),
      include_files_shared_with_me: z.optional(z.boolean()),
      shared_drive_urls: optionalText,
      shared_folder_urls: optionalText,
      my_drive_emails: optionalText,
      specific_user_emails: optionalText,
      exclude_domain_link_only: z.optional(z.boolean()),
    })
    .check(
      // Onyx refuses such a connector when it starts: nothing would be indexed.
      z.refine((config) => SCOPE_KEYS.some((key) => Boolean(config[key])), {
        message: 'Choose what to index: whole drives, or named drives, folders or My Drives',
        ...issueType('value_error'),
      }),
    ),
  credential: z.looseObject({
    google_service_account_key: serviceAccountKey,
    google_primary_admin: emailAddressSchema,
    authentication_method: z.optional(z.literal('uploaded')),
  }),
} satisfies SourceContract;
