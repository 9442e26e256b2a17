// An activity record in words: "admin@example.com paused Eng Jira".
import { KEY_COMMAND_AGENT, type AuditRecord } from '../api/audit';

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
  'auth.login_failure': 'tried wrong or missing keys',
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

/** `changes` as rows: a field, before, after (a fact with no before/after shows as after). */
export function changeRows(record: AuditRecord) {
  return Object.entries(record.changes).map(([field, value]) => {
    const pair =
      value !== null && typeof value === 'object' && 'before' in value && 'after' in value
        ? (value as { before: unknown; after: unknown })
        : { before: undefined, after: value };
    return { field, before: show(pair.before), after: show(pair.after) };
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
