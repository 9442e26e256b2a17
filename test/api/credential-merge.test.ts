// New values for a stored credential (PATCH /manage/admin/credential/{id}):
// merged into the stored ones, so a new token alone keeps the account e-mail;
// replaced whole only when asked; a key removed only when
// sent as null. Every answer masked (D6); a refused change changes nothing (D3, D11).
import { describe, expect, it } from 'vitest';
import { openCredentialValues } from '../../server/repos/credentialValues';
import { useTestServer } from '../support/useTestServer';
import { api, snapshotDb } from '../support/http';

const server = useTestServer();

const TOKEN = 'ATATT3xFfGF0-a-jira-api-token-that-is-secret';
const NEW_TOKEN = 'ATATT3xFfGF0-the-new-token-also-a-secret';

async function jiraCloud(): Promise<number> {
  const made = await api(server, 'POST', '/manage/credential', {
    body: {
      name: 'Jira Cloud bot',
      source: 'jira',
      credential_json: { jira_user_email: 'bot@acme.example', jira_api_token: TOKEN },
      admin_public: true,
    },
  });
  expect(made.status, made.text).toBe(200);
  return (made.json as { id: number }).id;
}

const patch = (id: number, body: unknown) =>
  api(server, 'PATCH', `/manage/admin/credential/${id}`, { body });
const stored = async (id: number) =>
  (await openCredentialValues(server.store.db, server.store.secrets, id))?.values;

describe('PATCH /manage/admin/credential/{id}: new values', () => {
  it('merges: a new token alone keeps the account e-mail; the answer is masked (D6)', async () => {
    const id = await jiraCloud();
    const answer = await patch(id, { credential_json: { jira_api_token: NEW_TOKEN } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({
      credential_json: { jira_user_email: 'bot@...mple', jira_api_token: 'ATAT...cret' },
    });
    expect(answer.text).not.toContain(NEW_TOKEN);
    expect(answer.text).not.toContain('bot@acme.example');
    expect(await stored(id)).toEqual({
      jira_user_email: 'bot@acme.example',
      jira_api_token: NEW_TOKEN,
    });
  });

  it('removes a key only when it is sent as null (Jira Cloud becomes Server)', async () => {
    const id = await jiraCloud();
    const answer = await patch(id, { credential_json: { jira_user_email: null } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ credential_json: { jira_api_token: 'ATAT...cret' } });
    expect(await stored(id)).toEqual({ jira_api_token: TOKEN });
  });

  it('replaces every value when replace_credential_json is true', async () => {
    const id = await jiraCloud();
    const answer = await patch(id, {
      credential_json: { jira_api_token: NEW_TOKEN },
      replace_credential_json: true,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(await stored(id)).toEqual({ jira_api_token: NEW_TOKEN });
  });

  it('records the change in the activity log, masked before and after', async () => {
    const id = await jiraCloud();
    await patch(id, { credential_json: { jira_api_token: NEW_TOKEN } });
    const records = await server.store.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('resource_type', '=', 'credential')
      .where('resource_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(records.map((r) => r.action)).toEqual(['credential.create', 'credential.update']);
    const text = records[1]!.changes;
    expect(JSON.parse(text)).toEqual({
      credential_json: {
        before: { jira_user_email: 'bot@...mple', jira_api_token: 'ATAT...cret' },
        after: { jira_user_email: 'bot@...mple', jira_api_token: 'ATAT...cret' },
      },
    });
    expect(text).not.toContain(NEW_TOKEN);
  });

  it.each([
    [
      'removing a key the source requires',
      { credential_json: { jira_api_token: null } },
      [{ loc: ['body', 'credential_json', 'jira_api_token'], type: 'missing' }],
    ],
    [
      'null in a replacement',
      { credential_json: { jira_api_token: NEW_TOKEN, x: null }, replace_credential_json: true },
      [{ loc: ['body', 'credential_json', 'x'], type: 'value_error' }],
    ],
    [
      'a replacement without values',
      { name: 'Renamed', replace_credential_json: true },
      [{ loc: ['body', 'credential_json'], type: 'missing' }],
    ],
    [
      'a flag that is not a boolean, a value that is a number',
      { credential_json: { jira_api_token: 42 }, replace_credential_json: 'yes' },
      [
        { loc: ['body', 'credential_json', 'jira_api_token'], type: 'string_type' },
        { loc: ['body', 'replace_credential_json'], type: 'bool_type' },
      ],
    ],
    [
      'a replacement the source refuses (a Jira credential without its token)',
      { credential_json: { jira_user_email: 'x@acme.example' }, replace_credential_json: true },
      [{ loc: ['body', 'credential_json', 'jira_api_token'], type: 'missing' }],
    ],
  ])('%s → 422 at its loc, nothing changed, no secret echoed', async (_, body, detail) => {
    const id = await jiraCloud();
    const before = await snapshotDb(server);
    const answer = await patch(id, body);
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({
      detail: detail.map((problem) => ({ ...problem, msg: expect.any(String) })),
    });
    expect(answer.text).not.toContain(NEW_TOKEN);
    expect(await snapshotDb(server)).toEqual(before);
    expect(await stored(id)).toEqual({
      jira_user_email: 'bot@acme.example',
      jira_api_token: TOKEN,
    });
  });
});
