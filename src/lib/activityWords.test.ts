import { describe, expect, test } from 'vitest';
import { KEY_COMMAND_AGENT, START_AGENT, type AuditRecord } from '../contract/audit';
import { ACTION_LABELS, changeRows, RESOURCE_TYPE_LABELS, recordWords } from './activityWords';

const record = (over: Partial<AuditRecord>): AuditRecord => ({
  id: 1,
  time: '2025-01-01T00:00:00.000Z',
  action: 'connector.update',
  outcome: 'success',
  actor: { user_id: 'u1', email: 'dana@example.com', api_key_id: 1 },
  resource_type: 'connector',
  resource_id: '7',
  resource_name: 'Eng Jira',
  address: '127.0.0.1',
  user_agent: 'Mozilla/5.0',
  request_id: 'req-1',
  changes: {},
  ...over,
});

describe('recordWords', () => {
  test('the key command is named as such, and a user it makes is added, not invited', () => {
    const byCommand = {
      actor: { user_id: null, email: null, api_key_id: null },
      address: null,
      user_agent: KEY_COMMAND_AGENT,
      request_id: null,
    };
    expect(
      recordWords(record({ ...byCommand, action: 'api_key.delete', resource_name: 'sd_AbCd…' })),
    ).toBe('The key command deleted API key sd_AbCd…');
    expect(
      recordWords(
        record({ ...byCommand, action: 'user.create', resource_id: 'u2', resource_name: 'x@y.z' }),
      ),
    ).toBe('The key command added user x@y.z');
    // The start that made the first admin speaks as Sourcedesk.
    expect(
      recordWords(
        record({
          ...byCommand,
          user_agent: START_AGENT,
          action: 'user.create',
          resource_id: 'u3',
          resource_name: 'admin@example.com',
        }),
      ),
    ).toBe('Sourcedesk added user admin@example.com');
    // A caller with no key, from an address, is still someone at that address.
    expect(
      recordWords(
        record({
          actor: byCommand.actor,
          action: 'auth.login_failure',
          resource_name: null,
          resource_id: null,
        }),
      ),
    ).toBe('Someone at 127.0.0.1 tried wrong or missing keys');
  });
});

describe('changeRows', () => {
  test('fields and values in the panel’s words: a pause, a schedule, a source, a role', () => {
    const paused = record({
      changes: {
        status: { before: 'ACTIVE', after: 'PAUSED' },
        refresh_freq: { before: 3600, after: 7200 },
        prune_freq: { before: 86400, after: null },
        access_type: { before: 'PUBLIC', after: 'SYNC' },
        source: { before: null, after: 'web' },
        input_type: { before: 'load_state', after: 'poll' },
      },
    });
    expect(changeRows(paused)).toEqual([
      { field: 'Status', before: 'Running', after: 'Paused' },
      { field: 'Refresh', before: 'every hour', after: 'every 2 hours' },
      { field: 'Prune', before: 'every day', after: '—' },
      { field: 'Access', before: 'Public', after: 'Permissions from the source' },
      { field: 'Source', before: '—', after: 'Web' },
      { field: 'Input type', before: 'Loaded whole each time', after: 'Polled for changes' },
    ]);
    const demoted = record({
      action: 'user.role_change',
      changes: {
        role: { before: 'global_curator', after: 'basic' },
        is_active: { before: true, after: false },
      },
    });
    expect(changeRows(demoted)).toEqual([
      { field: 'Role', before: 'global curator', after: 'basic' },
      { field: 'Active', before: 'Yes', after: 'No' },
    ]);
  });

  test('fields and values it has no words for are shown as they are', () => {
    const odd = record({
      action: 'auth.login_failure',
      changes: {
        tally: 3,
        status: { before: 'ACTIVE', after: 'ARCHIVED' },
        linked_to: { before: [1, 2], after: [] },
        how: 'carrier_pigeon',
      },
    });
    expect(changeRows(odd)).toEqual([
      { field: 'tally', before: '', after: '3' },
      { field: 'Status', before: 'Running', after: 'ARCHIVED' },
      { field: 'linked_to', before: '[1,2]', after: '[]' },
      { field: 'How', before: '', after: 'carrier_pigeon' },
    ]);
  });

  test('what sign-ins, keys, users and the log itself record reads in words', () => {
    const rows = (changes: Record<string, unknown>) => changeRows(record({ changes }));
    expect(rows({ how: 'api_key' })).toEqual([{ field: 'How', before: '', after: 'API key' }]);
    expect(rows({ how: 'oidc', reason: 'not_invited' })).toEqual([
      { field: 'How', before: '', after: 'Single sign-on' },
      { field: 'Why', before: '', after: 'Not invited' },
    ]);
    expect(rows({ count: 2 })).toEqual([{ field: 'Wrong keys', before: '', after: '2' }]);
    expect(rows({ display: { before: null, after: 'sd_AbCd…' } })).toEqual([
      { field: 'Shown as', before: '—', after: 'sd_AbCd…' },
    ]);
    expect(rows({ is_active: { before: true, after: false }, sessions_ended: 0 })).toEqual([
      { field: 'Active', before: 'Yes', after: 'No' },
      { field: 'Sessions ended', before: '', after: '0' },
    ]);
    expect(rows({ invited: { before: true, after: false } })).toEqual([
      { field: 'Invited', before: 'Yes', after: 'No' },
    ]);
    expect(rows({ invited_emails: ['a@x', 'b@y'] })).toEqual([
      { field: 'Invited addresses', before: '', after: 'a@x, b@y' },
    ]);
    expect(rows({ detached_from_connectors: { before: [1, 2], after: [] } })).toEqual([
      { field: 'Attached to connectors (ids)', before: '1, 2', after: 'none' },
    ]);
    expect(rows({ connector_id: { before: null, after: 3 }, admin_public: true })).toEqual([
      { field: 'Connector (id)', before: '—', after: '3' },
      { field: 'Every admin may use it', before: '', after: 'Yes' },
    ]);
    expect(rows({ removed: 12, retention_days: 365 })).toEqual([
      { field: 'Records removed', before: '', after: '12' },
      { field: 'Kept for (days)', before: '', after: '365' },
    ]);
  });

  test("a connector's settings: the settings that changed, in its source form's words", () => {
    const before = {
      jira_base_url: 'https://acme.atlassian.net',
      project_key: 'ENG',
      comment_email_blacklist: ['a@acme.example'],
    };
    const after = { ...before, project_key: 'OPS', comment_email_blacklist: [] };
    // An update: the server writes the source beside the settings.
    expect(
      changeRows(
        record({ changes: { connector_specific_config: { before, after, source: 'jira' } } }),
      ),
    ).toEqual([
      { field: 'Project key', before: 'ENG', after: 'OPS' },
      { field: 'Comment e-mail blacklist (optional)', before: 'a@acme.example', after: 'None' },
    ]);
    // A creation carries the source as a field of its own; a way of indexing reads as its tab.
    expect(
      changeRows(
        record({
          action: 'connector.create',
          changes: {
            source: { before: null, after: 'jira' },
            connector_specific_config: {
              before: null,
              after: { jira_base_url: 'https://x.example' },
            },
          },
        }),
      ),
    ).toEqual([
      { field: 'Source', before: '—', after: 'Jira' },
      { field: 'Jira base URL', before: '—', after: 'https://x.example' },
      { field: 'What to index', before: '—', after: 'Everything' },
      { field: 'Comment e-mail blacklist (optional)', before: '—', after: 'None' },
      { field: 'The token is a scoped token', before: '—', after: 'no' },
    ]);
    // A source the panel does not know (or an older record without one): the keys as they are.
    expect(
      changeRows(
        record({
          changes: { connector_specific_config: { before: { a: 'x' }, after: { a: 'y' } } },
        }),
      ),
    ).toEqual([{ field: 'a', before: 'x', after: 'y' }]);
  });

  test('every field a record can hold has a label: none reads as a code', () => {
    // The fields the server writes (server/routes, server/oidc, server/audit,
    // server/keyChanges.ts, server/setup.ts): a connector's, an attachment's, a
    // credential's, a key's, a user's, a sign-in's and the log's own.
    const fields = [
      'name',
      'status',
      'source',
      'input_type',
      'access_type',
      'refresh_freq',
      'prune_freq',
      'connector_specific_config',
      'indexing_start',
      'id',
      'credential_ids',
      'connector_id',
      'credential_id',
      'credential_json',
      'admin_public',
      'curator_public',
      'groups',
      'user_id',
      'user_email',
      'detached_from_connectors',
      'display',
      'role',
      'expires_at',
      'email',
      'is_active',
      'invited_emails',
      'invited',
      'sessions_ended',
      'how',
      'reason',
      'count',
      'removed',
      'older_than',
      'retention_days',
      // A group's, a swap's and an import's.
      'members',
      'curators',
      'connectors',
      'members_added',
      'members_removed',
      'external_id',
      'user_ids',
      'curator_ids',
      'cc_pair_ids',
      'credential',
      'connection_test',
      'create',
      'update',
      'remove',
      'unchanged',
      'needs_secret',
      'skipped',
      'conflicts',
    ];
    const labels = changeRows(
      record({ changes: Object.fromEntries(fields.map((name) => [name, 1])) }),
    ).map((row) => row.field);
    for (const label of labels) expect(label).not.toMatch(/_|^[a-z]/);
  });
});

describe('the records of groups, swaps and imports', () => {
  test('people by address, connectors and credentials by name, the test in words', () => {
    expect(
      changeRows(
        record({
          action: 'user_group.set_curator',
          resource_type: 'user_group',
          changes: { curators: { before: [], after: ['pat@example.com'] } },
        }),
      ),
    ).toEqual([{ field: 'Curators', before: 'none', after: 'pat@example.com' }]);
    expect(
      changeRows(
        record({
          action: 'credential.swap',
          resource_type: 'cc_pair',
          changes: {
            credential: { before: 'Old bot', after: 'New bot' },
            connection_test: { before: null, after: 'skipped' },
          },
        }),
      ),
    ).toEqual([
      { field: 'Credential', before: 'Old bot', after: 'New bot' },
      { field: 'Connection test', before: '—', after: 'Skipped: replaced without the test' },
    ]);
    expect(
      changeRows(record({ action: 'config.import', changes: { create: 3, needs_secret: 1 } })),
    ).toEqual([
      { field: 'Created', before: '', after: '3' },
      { field: 'Credentials not made (no values given)', before: '', after: '1' },
    ]);
  });
});

describe('the filters’ words', () => {
  test('each action and each kind of resource has words, not its code', () => {
    expect(new Map(ACTION_LABELS).get('connector.create')).toBe('Connector created');
    expect(new Map(ACTION_LABELS).get('cc_pair.create')).toBe('Credential attached to a connector');
    expect(new Map(ACTION_LABELS).get('auth.login_failure')).toBe('Failed sign-in');
    expect(new Map(RESOURCE_TYPE_LABELS).get('api_key')).toBe('API key');
    expect(new Map(RESOURCE_TYPE_LABELS).get('audit')).toBe('Activity log');
    for (const [code, words] of [...ACTION_LABELS, ...RESOURCE_TYPE_LABELS]) {
      expect(words, code).toMatch(/^[A-Z][^._]*$/);
    }
  });
});
