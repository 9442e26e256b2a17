// The users directory: admins only (D2), Onyx's shape, `q` on e-mail with letter
// case ignored, paged, and D3's 422 for page numbers that are not.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../server/repos/users';
import { startTestServer, type TestServer } from '../support/harness';
import { api } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  for (let i = 0; i < 12; i++) {
    await createUser(
      server.store.db,
      `Person${String(i).padStart(2, '0')}@Acme.example`,
      i % 3 ? 'basic' : 'curator',
    );
  }
  await createUser(server.store.db, 'under_score@other.example', 'basic');
});
afterAll(() => server.close());

const directory = (query = '') => api(server, 'GET', `/manage/users/accepted${query}`);

it('pages by e-mail, ten by default, with the total', async () => {
  const first = (await directory()).json as { items: { email: string }[]; total_items: number };
  expect(first.total_items).toBe(14);
  expect(first.items).toHaveLength(10);
  expect(first.items[0]).toEqual({
    id: expect.any(String),
    email: server.adminEmail,
    role: 'admin',
    is_active: true,
    groups: [],
  });
  const second = (await directory('?page_num=1')).json as { items: { email: string }[] };
  expect(second.items.map((u) => u.email)).toEqual([
    'Person09@Acme.example',
    'Person10@Acme.example',
    'Person11@Acme.example',
    'under_score@other.example',
  ]);
});

it('q matches e-mail in any letter case; % and _ are letters', async () => {
  const acme = (await directory('?q=ACME&page_size=100')).json as { total_items: number };
  expect(acme.total_items).toBe(12);
  const underscore = (await directory('?q=_')).json as { items: { email: string }[] };
  expect(underscore.items.map((u) => u.email)).toEqual(['under_score@other.example']);
  expect(((await directory('?q=%25')).json as { total_items: number }).total_items).toBe(0);
});

it('page_size above 100, negative numbers and text → 422 naming the parameter', async () => {
  const response = await directory('?page_size=101&page_num=-1');
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
  expect((await directory('?page_num=two')).json).toMatchObject({
    detail: [{ type: 'int_parsing' }],
  });
});

it("D13: each person of the page with their groups by name and what they curate, not another page's", async () => {
  const db = server.store.db;
  const pat = await createUser(db, 'pat@groups.example', 'basic');
  const sam = await createUser(db, 'sam@groups.example', 'basic');
  const other = await createUser(db, 'zed@elsewhere.example', 'basic');
  const group = async (name: string, ids: string[]) => {
    const made = await api(server, 'POST', '/manage/admin/user-group', {
      body: { name, user_ids: ids, cc_pair_ids: [] },
    });
    return (made.json as { id: number }).id;
  };
  const sales = await group('Sales', [pat.id, other.id]);
  const eng = await group('Eng', [pat.id, sam.id]);
  await api(server, 'POST', `/manage/admin/user-group/${sales}/set-curator`, {
    body: { user_id: pat.id, is_curator: true },
  });
  const page = (await directory('?q=groups.example')).json as {
    items: { email: string; groups: unknown }[];
  };
  expect(page.items.map(({ email, groups }) => ({ email, groups }))).toEqual([
    {
      email: 'pat@groups.example',
      groups: [
        { id: eng, name: 'Eng', is_curator: false },
        { id: sales, name: 'Sales', is_curator: true },
      ],
    },
    { email: 'sam@groups.example', groups: [{ id: eng, name: 'Eng', is_curator: false }] },
  ]);
});
