// D13: the groups a page at a time, found by name, and one group alone — what
// the panel's Groups page and a group's own page ask, with a thousand groups.
import { expect, it } from 'vitest';
import type { UserRole } from '../../src/contract/contract';
import { findUserByEmail } from '../../server/repos/users';
import { useFreshTestServer } from '../support/useTestServer';
import { api, NOT_CURATOR } from '../support/http';

const server = useFreshTestServer();

const GROUPS = '/manage/admin/user-group';

interface Page {
  items: { id: number; name: string; users: { email: string }[] }[];
  total_items: number;
}

async function person(role: UserRole, email: string) {
  const key = await server.keyFor(role, email);
  return { key, id: (await findUserByEmail(server.store.db, email))!.id };
}

async function makeGroup(name: string, user_ids: string[] = []) {
  const response = await api(server, 'POST', GROUPS, {
    body: { name, user_ids, cc_pair_ids: [] },
  });
  expect(response.status, response.text).toBe(200);
  return (response.json as { id: number }).id;
}

const page = async (query: string, key?: string) => {
  const response = await api(server, 'GET', `${GROUPS}/page${query}`, { key });
  expect(response.status, response.text).toBe(200);
  return response.json as Page;
};
const names = (answer: Page) => answer.items.map((group) => group.name);

it('pages by name, 20 unless asked; q keeps names holding it in any letter case; % and _ are letters', async () => {
  for (let n = 1; n <= 25; n++) await makeGroup(`Team ${String(n).padStart(2, '0')}`);
  await makeGroup('Sales_EU');
  await makeGroup('Sales 100%');

  const first = await page('');
  expect(first.total_items).toBe(27);
  expect(first.items).toHaveLength(20);
  expect(first.items[0]).toMatchObject({ name: 'Sales 100%', users: [], cc_pairs: [] });
  expect(names(await page('?page_num=1'))).toEqual([
    'Team 19',
    'Team 20',
    'Team 21',
    'Team 22',
    'Team 23',
    'Team 24',
    'Team 25',
  ]);
  expect(names(await page('?q=TEAM%202&page_size=3'))).toEqual(['Team 20', 'Team 21', 'Team 22']);
  expect((await page('?q=team%202')).total_items).toBe(6);
  expect(names(await page('?q=_'))).toEqual(['Sales_EU']);
  expect(names(await page('?q=%25'))).toEqual(['Sales 100%']);
  expect(await page('?q=nothing')).toEqual({ items: [], total_items: 0 });
});

it('a curator pages only the groups they control; one group alone, another a 404 (D13)', async () => {
  const cura = await person('basic', 'cura@example.com');
  const sales = await makeGroup('Sales', [cura.id]);
  const legal = await makeGroup('Legal');
  const made = await api(server, 'POST', `${GROUPS}/${sales}/set-curator`, {
    body: { user_id: cura.id, is_curator: true },
  });
  expect(made.status).toBe(200);

  expect(names(await page('', cura.key))).toEqual(['Sales']);
  expect(await page('?q=leg', cura.key)).toEqual({ items: [], total_items: 0 });

  const own = await api(server, 'GET', `${GROUPS}/${sales}`, { key: cura.key });
  expect(own.status).toBe(200);
  expect(own.json).toMatchObject({ id: sales, name: 'Sales', curator_ids: [cura.id] });
  const other = await api(server, 'GET', `${GROUPS}/${legal}`, { key: cura.key });
  expect(other.status).toBe(404);
  expect(other.json).toEqual({ detail: `UserGroup with id '${legal}' not found` });
  expect((await api(server, 'GET', `${GROUPS}/${legal}`)).status).toBe(200);
  expect((await api(server, 'GET', `${GROUPS}/999999`)).status).toBe(404);

  const basic = await person('basic', 'nobody@example.com');
  for (const path of [`${GROUPS}/page`, `${GROUPS}/${sales}`]) {
    const refused = await api(server, 'GET', path, { key: basic.key });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual(NOT_CURATOR);
  }
});

it('page_size above 100, negative numbers and text → 422 naming the parameter (D3)', async () => {
  const response = await api(server, 'GET', `${GROUPS}/page?page_num=-1&page_size=101`);
  expect(response.status).toBe(422);
  expect(response.json).toEqual({
    detail: [
      {
        loc: ['query', 'page_num'],
        msg: 'Input should be greater than or equal to 0',
        type: 'greater_than_equal',
      },
      {
        loc: ['query', 'page_size'],
        msg: 'Input should be less than or equal to 100',
        type: 'value_error',
      },
    ],
  });
  const text = await api(server, 'GET', `${GROUPS}/two`);
  expect(text.status).toBe(422);
  expect(text.json).toMatchObject({
    detail: [{ loc: ['path', 'user_group_id'], type: 'int_parsing' }],
  });
});
