// An activity record in words: "admin@example.com paused Eng Jira".
import { KEY_COMMAND_AGENT, START_AGENT, type AuditRecord } from '../api/audit';
import { accessTypeWords, inputTypeWords, roleWords, statusWords } from './enumWords';
import { formatDateTime } from './format';
import { formatFrequency } from './frequency';
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
  'user.role_change': 'changed the role of',
  'user.create': 'invited',
  'user.deactivate': 'deactivated',
  'user.reactivate': 'reactivated',
  // A deletion, or an invitation withdrawn.
  'user.delete': 'removed',
  'api_key.create': 'made API key',
  'api_key.update': 'changed API key',
  'api_key.regenerate': 'regenerated API key',
  'api_key.delete': 'deleted API key',
  'auth.login': 'signed in',
  'auth.login_failure': 'tried wrong or missing keys',
  'auth.logout': 'signed out',
  'audit.retention': 'removed old activity records',
};

export const ACTION_LABELS = Object.entries(VERBS);

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
  const tail = typeof count === 'number' ? ` (${count} time${count === 1 ? '' : 's'})` : '';
  return record.outcome === 'denied' && record.action !== 'auth.login_failure'
    ? `${actorWords(record)} was refused: ${verb(record)}${what ? ` ${what}` : ''}`
    : `${sentence}${tail}`;
}

/** How a field's values read: the same words the panel uses where it shows that field. */
type Words = (value: unknown) => string;
const asText =
  (words: (value: string) => string): Words =>
  (value) =>
    typeof value === 'string' ? words(value) : show(value);
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
  role: { label: 'Role', words: asText(roleWords) },
  email: { label: 'E-mail' },
  is_active: {
    label: 'Active',
    words: (value) => (typeof value === 'boolean' ? (value ? 'Yes' : 'No') : show(value)),
  },
  expires_at: { label: 'Expires', words: asText(formatDateTime) },
};

/** `changes` as rows: a field, before, after (a fact with no before/after shows as after). */
export function changeRows(record: AuditRecord) {
  return Object.entries(record.changes).map(([name, value]) => {
    const pair =
      value !== null && typeof value === 'object' && 'before' in value && 'after' in value
        ? (value as { before: unknown; after: unknown })
        : { before: undefined, after: value };
    const field = FIELDS[name];
    // Null is a dash whatever the field: a value that was not there (before a
    // creation, after a deletion) reads the same as an empty one.
    const words = (value: unknown) =>
      value === undefined || value === null || !field?.words ? show(value) : field.words(value);
    return { field: field?.label ?? name, before: words(pair.before), after: words(pair.after) };
  });
}

const show = (value: unknown) =>
  value === undefined
    ? ''
    : value === null
      ? '—'
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
