// An activity record in words: "admin@example.com paused Eng Jira".
import {
  AUDIT_ACTIONS,
  AUDIT_RESOURCE_TYPES,
  KEY_COMMAND_AGENT,
  START_AGENT,
  type AuditAction,
  type AuditRecord,
  type AuditResourceType,
} from '../contract/audit';
import {
  accessTypeWords,
  inputTypeWords,
  roleWords,
  signInReasonWords,
  signInWords,
  statusWords,
} from './enumWords';
import { countOf } from './plural';
import { formatDateTime } from './format';
import { formatFrequency } from './frequency';
import { panelOf } from '../sources/catalogue';
import { settingChanges } from '../sources/words';
import { sourceLabel } from './sources';

const VERBS: Record<string, string> = {
  'connector.create': 'created connector',
  'connector.update': 'changed connector',
  'connector.delete': 'deleted connector',
  'cc_pair.create': 'attached a credential to',
  'cc_pair.delete': 'detached a credential from',
  'credential.create': 'created credential',
  'credential.update': 'changed credential',
  'credential.delete': 'deleted credential',
  'credential.swap': 'replaced the credential of',
  'user.role_change': 'changed the role of',
  'user.create': 'invited',
  'user.deactivate': 'deactivated',
  'user.reactivate': 'reactivated',
  // A deletion, or an invitation withdrawn.
  'user.delete': 'removed',
  'user.update': 'changed user',
  'user_group.create': 'created group',
  'user_group.update': 'changed group',
  'user_group.set_curator': 'changed the curators of group',
  'user_group.delete': 'deleted group',
  'document_set.create': 'created document set',
  'document_set.update': 'changed document set',
  'document_set.delete': 'deleted document set',
  'api_key.create': 'made API key',
  'api_key.update': 'changed API key',
  'api_key.regenerate': 'regenerated API key',
  'api_key.delete': 'deleted API key',
  'auth.login': 'signed in',
  'auth.login_failure': 'tried wrong or missing keys',
  'auth.logout': 'signed out',
  'audit.retention': 'removed old activity records',
  'alert_settings.update': 'changed where alerts go',
  'config.import': 'imported a configuration bundle',
  'scim_token.create': 'made the SCIM token',
  'worker_key.create': 'made a worker key',
  'worker_key.delete': 'revoked a worker key',
  'index_attempt.run': 'asked for an index run',
  'index_attempt.prune': 'asked for a prune',
  'index_attempt.cancel': 'asked to cancel a run',
  'credential.access': "read a credential's values for a run (worker)",
};

/** Each action as a filter offers it: what happened, not the code the address keeps. */
const ACTION_NAMES: Record<AuditAction, string> = {
  'connector.create': 'Connector created',
  'connector.update': 'Connector changed (paused, resumed or edited)',
  'connector.delete': 'Connector deleted',
  'cc_pair.create': 'Credential attached to a connector',
  'cc_pair.delete': 'Credential detached from a connector',
  'credential.create': 'Credential created',
  'credential.update': 'Credential changed',
  'credential.delete': 'Credential deleted',
  'credential.swap': 'Credential replaced on a connector',
  'user.role_change': 'Role changed',
  'user.create': 'User invited or added',
  'user.deactivate': 'User deactivated',
  'user.reactivate': 'User reactivated',
  'user.delete': 'User removed or invitation withdrawn',
  'user.update': 'User changed by the identity provider',
  'user_group.create': 'Group created',
  'user_group.update': 'Group changed (members or connectors)',
  'user_group.set_curator': 'Group curator made or removed',
  'user_group.delete': 'Group deleted',
  'document_set.create': 'Document set created',
  'document_set.update': 'Document set changed (connectors, access or groups)',
  'document_set.delete': 'Document set deleted',
  'api_key.create': 'API key made',
  'api_key.update': 'API key changed',
  'api_key.regenerate': 'API key regenerated',
  'api_key.delete': 'API key deleted',
  'auth.login': 'Signed in',
  'auth.login_failure': 'Failed sign-in',
  'auth.logout': 'Signed out',
  'audit.retention': 'Old activity removed',
  'alert_settings.update': 'Alert webhook changed',
  'config.import': 'Configuration imported',
  'scim_token.create': 'SCIM token made',
  'worker_key.create': 'Worker key made',
  'worker_key.delete': 'Worker key revoked',
  'index_attempt.run': 'Index run requested',
  'index_attempt.prune': 'Prune requested',
  'index_attempt.cancel': 'Run cancel requested',
  'credential.access': 'Credential read by a worker',
};

/** The Action filter's choices: each code (the address's value) with its words. */
export const ACTION_LABELS = AUDIT_ACTIONS.map((action) => [action, ACTION_NAMES[action]] as const);

/** What a record is about (`resource_type`), as the What filter offers it. */
const RESOURCE_TYPE_WORDS: Record<AuditResourceType, string> = {
  connector: 'Connector',
  cc_pair: 'Attachment (connector–credential pair)',
  credential: 'Credential',
  user: 'User',
  user_group: 'Group',
  document_set: 'Document set',
  api_key: 'API key',
  auth: 'Sign-in',
  audit: 'Activity log',
  settings: 'Settings',
  config: 'Configuration',
  scim_token: 'SCIM token',
  worker_key: 'Worker key',
  index_attempt: 'Run (index attempt)',
};

/** The What filter's choices: each code with its words. */
export const RESOURCE_TYPE_LABELS = AUDIT_RESOURCE_TYPES.map(
  (type) => [type, RESOURCE_TYPE_WORDS[type]] as const,
);

function verb(record: AuditRecord): string {
  const status = record.changes.status as { after?: unknown } | undefined;
  if (record.action === 'connector.update' && status?.after === 'PAUSED') return 'paused';
  if (record.action === 'connector.update' && status?.after === 'ACTIVE') return 'resumed';
  // An invitation names no user yet; the key command makes one outright.
  if (record.action === 'user.create' && record.resource_id !== null) return 'added user';
  return VERBS[record.action] ?? record.action;
}

export function actorWords(record: AuditRecord): string {
  if (record.actor.email) return record.actor.email;
  if (record.action === 'audit.retention') return 'Sourcedesk';
  // The start that made (or restored) the first administrator and their key.
  if (record.address === null && record.user_agent === START_AGENT) return 'Sourcedesk';
  // The key command runs on the server's machine, with no key and no address.
  if (record.address === null && record.user_agent === KEY_COMMAND_AGENT) return 'The key command';
  return `Someone at ${record.address ?? 'an unknown address'}`;
}

export function recordWords(record: AuditRecord): string {
  const what = record.resource_name ?? (record.resource_id ? `#${record.resource_id}` : '');
  const count = record.changes.count;
  const sentence = `${actorWords(record)} ${verb(record)}${what ? ` ${what}` : ''}`;
  const tail = typeof count === 'number' ? ` (${countOf(count, 'time')})` : '';
  return record.outcome === 'denied' && record.action !== 'auth.login_failure'
    ? `${actorWords(record)} was refused: ${verb(record)}${what ? ` ${what}` : ''}`
    : `${sentence}${tail}`;
}

/** A swap's test: "skipped" is a swap made without it (older records say "skipped (force)"). */
const connectionTestWords = (value: string) =>
  value === 'passed'
    ? 'Passed'
    : value.startsWith('skipped')
      ? 'Skipped: replaced without the test'
      : value;

/** How a field's values read: the same words the panel uses where it shows that field. */
type Words = (value: unknown) => string;
const asText =
  (words: (value: string) => string): Words =>
  (value) =>
    typeof value === 'string' ? words(value) : show(value);
const yesNo: Words = (value) => (typeof value === 'boolean' ? (value ? 'Yes' : 'No') : show(value));
/** A list (addresses, connector ids) as words: "a@x, b@y"; an empty one is "none". */
const asList: Words = (value) =>
  Array.isArray(value) && value.every((item) => typeof item !== 'object')
    ? value.length === 0
      ? 'none'
      : value.map(String).join(', ')
    : show(value);
const asSeconds: Words = (value) =>
  typeof value === 'number' ? formatFrequency(value) : show(value);

/**
 * Fields the panel names elsewhere (a connector's settings, the API keys' and
 * users' lists), with their values in the same words; any other field, and
 * any value these words do not know, is shown as it is.
 */
const FIELDS: Record<string, { label: string; words?: Words }> = {
  name: { label: 'Name' },
  status: { label: 'Status', words: asText(statusWords) },
  source: { label: 'Source', words: asText(sourceLabel) },
  input_type: { label: 'Input type', words: asText(inputTypeWords) },
  access_type: { label: 'Access', words: asText(accessTypeWords) },
  refresh_freq: { label: 'Refresh', words: asSeconds },
  prune_freq: { label: 'Prune', words: asSeconds },
  connector_specific_config: { label: 'Settings' },
  indexing_start: { label: 'Index from', words: asText(formatDateTime) },
  id: { label: 'Id' },
  credential_ids: { label: 'Credentials (ids)', words: asList },
  // A user or a key.
  role: { label: 'Role', words: asText(roleWords) },
  email: { label: 'E-mail' },
  // An attachment: which connector and which credential.
  connector_id: { label: 'Connector (id)' },
  credential_id: { label: 'Credential (id)' },
  // A replaced credential: by name as it was then, and whether the new one was tested.
  credential: { label: 'Credential' },
  connection_test: { label: 'Connection test', words: asText(connectionTestWords) },
  // A credential: its values are masked as every answer masks them.
  credential_json: { label: 'Values' },
  admin_public: { label: 'Every admin may use it', words: yesNo },
  curator_public: { label: 'Every curator may use it', words: yesNo },
  groups: { label: 'Groups (ids)', words: asList },
  user_id: { label: 'Owner (id)' },
  user_email: { label: 'Owner' },
  detached_from_connectors: { label: 'Attached to connectors (ids)', words: asList },
  // A group: its people by address and its connectors by name, as they were then.
  members: { label: 'Members', words: asList },
  curators: { label: 'Curators', words: asList },
  connectors: { label: 'Connectors', words: asList },
  members_added: { label: 'Members added', words: asList },
  members_removed: { label: 'Members removed', words: asList },
  external_id: { label: 'Identity provider id' },
  // Older group records, written before they named people and connectors.
  user_ids: { label: 'Members (ids)', words: asList },
  curator_ids: { label: 'Curators (ids)', words: asList },
  cc_pair_ids: { label: 'Attachments (ids)', words: asList },
  // An import: how many items of its plan went each way.
  create: { label: 'Created' },
  update: { label: 'Changed' },
  remove: { label: 'Removed' },
  unchanged: { label: 'Unchanged' },
  needs_secret: { label: 'Credentials not made (no values given)' },
  skipped: { label: 'Left out' },
  conflicts: { label: 'Conflicts' },
  // An API key.
  display: { label: 'Shown as' },
  expires_at: { label: 'Expires', words: asText(formatDateTime) },
  // A user's life: invitations, deactivation.
  is_active: { label: 'Active', words: yesNo },
  invited_emails: { label: 'Invited addresses', words: asList },
  invited: { label: 'Invited', words: yesNo },
  sessions_ended: { label: 'Sessions ended' },
  // Sign-ins: how, why one was refused, how many wrong keys in that minute.
  how: { label: 'How', words: asText(signInWords) },
  reason: { label: 'Why', words: asText(signInReasonWords) },
  count: { label: 'Wrong keys' },
  // The server's own removal of old records.
  removed: { label: 'Records removed' },
  older_than: { label: 'Older than', words: asText(formatDateTime) },
  retention_days: { label: 'Kept for (days)' },
};

/**
 * The source a connector's record is about: the server writes it beside a
 * settings change; a creation or deletion carries it as a field of its own.
 */
function sourceOf(changes: AuditRecord['changes']): string | undefined {
  const config = changes.connector_specific_config as { source?: unknown } | undefined;
  const source = changes.source as { before?: unknown; after?: unknown } | undefined;
  const found = config?.source ?? source?.after ?? source?.before;
  return typeof found === 'string' ? found : undefined;
}

/**
 * `changes` as rows: a field, before, after (a fact with no before/after shows
 * as after). A connector's settings are one row per setting that changed, in
 * its source form's labels.
 */
export function changeRows(record: AuditRecord) {
  return Object.entries(record.changes).flatMap(([name, value]) => {
    const pair =
      value !== null && typeof value === 'object' && 'before' in value && 'after' in value
        ? (value as { before: unknown; after: unknown })
        : { before: undefined, after: value };
    if (name === 'connector_specific_config' && pair.before !== undefined) {
      const source = sourceOf(record.changes);
      return settingChanges(source ? panelOf(source) : undefined, pair.before, pair.after).map(
        (change) => ({ field: change.label, before: change.before, after: change.after }),
      );
    }
    return [fieldChange(name, pair.before, pair.after)];
  });
}

/**
 * One field's change in the panel's words: its label and its values as the
 * panel shows that field (the activity log's rows, an import plan's changes).
 */
export function fieldChange(name: string, before: unknown, after: unknown) {
  const field = FIELDS[name];
  // Null is a dash whatever the field: a value that was not there (before a
  // creation, after a deletion) reads the same as an empty one.
  const words = (value: unknown) =>
    value === undefined || value === null || !field?.words ? show(value) : field.words(value);
  return { field: field?.label ?? name, before: words(before), after: words(after) };
}

const show = (value: unknown) =>
  value === undefined
    ? ''
    : value === null
      ? '—'
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
