// D4: a connector with the same trimmed name and source is refused.
import { describe, expect, it } from 'vitest';
import { useFreshTestServer } from '../support/useTestServer';
import { api, jiraRequest, plainRequest } from '../support/http';

// A fresh server per test: what counts as a duplicate depends on what exists.
const server = useFreshTestServer();

const create = (body: unknown) => api(server, 'POST', '/manage/admin/connector', { body });

describe('D4 duplicate name and source → 400', () => {
  const DUPLICATE = {
    detail: 'Connector by this name already exists, duplicate naming not allowed.',
  };

  it('the same trimmed name and source is refused; nothing is stored', async () => {
    expect((await create(jiraRequest({ name: 'Eng' }))).status).toBe(200);
    for (const name of ['Eng', '  Eng  ', 'Eng\n']) {
      const response = await create(jiraRequest({ name }));
      expect(response.status).toBe(400);
      expect(response.json).toEqual(DUPLICATE);
    }
    expect(await server.store.db.selectFrom('connectors').select('id').execute()).toHaveLength(1);
  });

  it('letter case counts, and the same name with another source is allowed', async () => {
    expect((await create(jiraRequest({ name: 'Eng' }))).status).toBe(200);
    expect((await create(jiraRequest({ name: 'eng' }))).status).toBe(200);
    expect((await create(plainRequest('web', { name: 'Eng' }))).status).toBe(200);
    expect((await create(plainRequest('confluence', { name: 'Eng' }))).status).toBe(200);
  });
});
