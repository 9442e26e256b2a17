import { describe, expect, test } from 'vitest';
import { KEY_COMMAND_AGENT, type AuditRecord } from '../api/audit';
import { recordWords } from './activityWords';

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
