// API keys managed in the panel, in Onyx's shape (`/api/admin/api-key`), with
// what Onyx lacks: an optional end, the last use, the admin who made the key.
import * as z from 'zod/mini';
import { isKeyAddress, SERVICE_EMAIL_DOMAIN } from './rules';
import { storableText } from './schemaParts';
import { describeAnswer, TIME_CREATED, USER_ID } from './answerWords';

/** The roles a panel-made key may have (Onyx offers these three). */
export const API_KEY_ROLES = ['admin', 'basic', 'limited'] as const;
export const API_KEY_NAME_MAX_LENGTH = 200;
/**
 * A panel-made key is a user of its own, `api-key-<id>@` this domain; a key the
 * key command issued (or the first start printed) acts as a person.
 */
export { SERVICE_EMAIL_DOMAIN };
export const isPersonKey = (key: { user_email: string }) => !isKeyAddress(key.user_email);

const KEY_NAME = `A name to know the key by, up to ${API_KEY_NAME_MAX_LENGTH} characters.`;
const KEY_ROLE = 'The role the key acts with: `admin`, `basic` or `limited`.';

export const apiKeyRequestSchema = z.object({
  name: z
    .optional(z.nullable(storableText.check(z.maxLength(API_KEY_NAME_MAX_LENGTH))))
    .check(z.describe(KEY_NAME)),
  role: z.enum(API_KEY_ROLES).check(z.describe(KEY_ROLE)),
  /** ISO-8601 date-time in the future, or null/absent for a key that never ends. Creation only. */
  expires_at: z
    .optional(z.nullable(z.iso.datetime({ offset: true })))
    .check(
      z.describe(
        'When the key stops working: an ISO-8601 date-time in the future, with its offset; `null` or absent for never.',
      ),
    ),
});
export type ApiKeyRequest = z.infer<typeof apiKeyRequestSchema>;

export const apiKeyPatchSchema = z.object({
  name: z
    .optional(z.nullable(storableText.check(z.maxLength(API_KEY_NAME_MAX_LENGTH))))
    .check(z.describe(`A new name. ${KEY_NAME}`)),
  role: z.optional(z.enum(API_KEY_ROLES)).check(z.describe(`A new role. ${KEY_ROLE}`)),
});

export const apiKeyOwnerSchema = z.object({ user_id: z.string(), email: z.nullable(z.string()) });
describeAnswer(apiKeyOwnerSchema, { user_id: USER_ID, email: 'Their e-mail address.' });

export const apiKeySchema = z.object({
  api_key_id: z.int(),
  /** A short form to tell keys apart (`sd_AbCd…`): never the secret. */
  api_key_display: z.string(),
  api_key_name: z.nullable(z.string()),
  api_key_role: z.string(),
  /** The user the key acts as: its own for a panel-made key, a person's for one the key command made. */
  user_id: z.string(),
  user_email: z.string(),
  owner: z.nullable(apiKeyOwnerSchema),
  time_created: z.string(),
  expires_at: z.nullable(z.string()),
  last_used_at: z.nullable(z.string()),
  /** Only in the answers of creation and regeneration: shown once. */
  api_key: z.optional(z.string()),
});
describeAnswer(apiKeySchema, {
  api_key_id: "The key's id.",
  api_key_display: 'A short form to tell keys apart, such as `sd_AbCd…`: never the secret.',
  api_key_name: 'A name to know it by; `null` when it has none.',
  api_key_role: 'The role it acts with.',
  user_id: `The user the key acts as: ${USER_ID}`,
  user_email: 'That user’s e-mail address.',
  owner: 'The admin who made it in the panel or the API; `null` when the key command made it.',
  time_created: TIME_CREATED,
  expires_at: 'When it stops working (ISO-8601, UTC); `null` for never.',
  last_used_at: 'When it was last used, to the minute; `null` if never.',
  api_key: 'The key itself: only in the answers of creation and regeneration, and never again.',
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.array(apiKeySchema);
