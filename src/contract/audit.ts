// The activity log (docs/api.md, "Activity log"): who changed what, and when. The
// server writes a record in the same transaction as each change; admins read
// them newest first, a page at a time, or export them all.
import * as z from 'zod/mini';
import { describeAnswer, USER_ID } from './answerWords';

/** Every kind of record, named as Onyx names its audit events. */
export const AUDIT_ACTIONS = [
  'connector.create',
  'connector.update',
  'connector.delete',
  'cc_pair.create',
  'cc_pair.delete',
  'credential.create',
  'credential.update',
  'credential.delete',
  // A pair's credential replaced in place: before and after ids, forced or tested.
  'credential.swap',
  'user.role_change',
  // The life of a user (docs/api.md, "Users"): an invitation is user.create, its
  // withdrawal user.delete (resource_id null), as Onyx names them.
  'user.create',
  'user.deactivate',
  'user.reactivate',
  'user.delete',
  // SCIM (docs/scim.md) changed a user's address or external id, or adopted them.
  'user.update',
  // User groups (D13): members, curators and pairs before and after.
  'user_group.create',
  'user_group.update',
  'user_group.set_curator',
  'user_group.delete',
  // Document sets: name, description, access, groups and pairs before and after.
  'document_set.create',
  'document_set.update',
  'document_set.delete',
  'api_key.create',
  'api_key.regenerate',
  'api_key.update',
  'api_key.delete',
  // Panel sessions (docs/security.md, "Sessions"): a sign-in with a key or by single
  // sign-on, a refused one (wrong keys, aggregated per address and minute; a
  // refused single sign-on), and a sign-out.
  'auth.login',
  'auth.login_failure',
  'auth.logout',
  'audit.retention',
  // Alerts (docs/operations.md): the webhook set or cleared, its address masked.
  'alert_settings.update',
  // An import of a configuration bundle: the plan's counts; each change it made has its own record.
  'config.import',
  // The identity provider's SCIM token made (the others revoked with it).
  'scim_token.create',
  // Sync jobs (D14): worker keys made and revoked, runs and prunes requested,
  // a run's cancel, and a worker's read of a job's credential values.
  'worker_key.create',
  'worker_key.delete',
  'index_attempt.run',
  'index_attempt.prune',
  'index_attempt.cancel',
  'credential.access',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What a record is about (its `resource_type`); auth and audit are the log's own. */
export const AUDIT_RESOURCE_TYPES = [
  'connector',
  'cc_pair',
  'credential',
  'user',
  'user_group',
  'document_set',
  'api_key',
  'auth',
  'audit',
  'settings',
  'config',
  'scim_token',
  'worker_key',
  'index_attempt',
] as const;
export type AuditResourceType = (typeof AUDIT_RESOURCE_TYPES)[number];

/** The user agent of the records `npm run keys` writes (it has no caller and no address). */
export const KEY_COMMAND_AGENT = 'npm run keys';
/** The user agent of the records the server's start writes (the first admin and their key). */
export const START_AGENT = 'sourcedesk start';

/** How many records a resource's own page shows (its "Recent changes"). */
export const RECENT_CHANGES_COUNT = 5;

export const AUDIT_OUTCOMES = ['success', 'denied'] as const;

/** A page holds at most this many records; 50 unless asked. */
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_PAGE_DEFAULT = 50;

/** One field's value before and after the change (null where it did not exist). */
export const auditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const auditActorSchema = z.object({
  user_id: z.nullable(z.string()),
  email: z.nullable(z.string()),
  api_key_id: z.nullable(z.int()),
});
describeAnswer(auditActorSchema, {
  user_id: `${USER_ID} \`null\` when nobody was signed in.`,
  email: 'Their e-mail address at the time; `null` when unknown.',
  api_key_id: 'The API key used, if one was; `null` for a session or the server itself.',
});

export const auditRecordSchema = z.object({
  id: z.int(),
  time: z.string(),
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  actor: auditActorSchema,
  resource_type: z.nullable(z.string()),
  resource_id: z.nullable(z.string()),
  resource_name: z.nullable(z.string()),
  address: z.nullable(z.string()),
  user_agent: z.nullable(z.string()),
  request_id: z.nullable(z.string()),
  /** Field → before/after; other facts (a count of failures, records removed) as they are. */
  changes: z.record(z.string(), z.unknown()),
});
describeAnswer(auditRecordSchema, {
  id: "The record's id; later records have greater ids.",
  time: 'When it happened: an ISO-8601 date-time in UTC.',
  action: 'What was done, such as `connector.create` or `auth.login_failure`.',
  outcome: '`success`, or `denied` when the change was refused.',
  actor: 'Who did it.',
  resource_type: 'What kind of thing it was done to, such as `connector`; `null` for none.',
  resource_id: 'Its id, as text; `null` for none.',
  resource_name: 'Its name at the time; `null` for none.',
  address: 'The network address the request came from.',
  user_agent: 'The browser or program that sent it.',
  request_id: 'The request id, as the server log has it.',
  changes:
    'Each changed field with its value `before` and `after` (secret values masked); or the facts of the record, such as a count of wrong keys.',
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditPageSchema = z.object({
  items: z.array(auditRecordSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.nullable(z.string()),
});
describeAnswer(auditPageSchema, {
  items: 'The records of this page, newest first.',
  next_cursor: 'Pass as `cursor` for the next (older) page; `null` on the last page.',
});
export type AuditPage = z.infer<typeof auditPageSchema>;
