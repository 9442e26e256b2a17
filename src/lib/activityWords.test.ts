import { describe, expect, test } from 'vitest';
import { KEY_COMMAND_AGENT, START_AGENT, type AuditRecord } from '../api/audit';
import { changeRows, recordWords } from './activityWords';

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
        count: 3,
        status: { before: 'ACTIVE', after: 'ARCHIVED' },
        detached_from_connectors: { before: [1, 2], after: [] },
      },
    });
    expect(changeRows(odd)).toEqual([
      { field: 'count', before: '', after: '3' },
      { field: 'Status', before: 'Running', after: 'ARCHIVED' },
      { field: 'detached_from_connectors', before: '[1,2]', after: '[]' },
    ]);
  });
});
