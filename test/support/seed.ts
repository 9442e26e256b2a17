// What a test file starts from, declared in one place (useTestServer({ seed })):
// people by a name of the test's, with their role and their groups (member or
// curator), groups by name, and web connectors with a credential attached,
// public or private to groups. Made the way a client would: the people through
// the key command's repository (server.keyFor), the rest through the API by
// the admin.
import type { UserRole } from '../../src/contract/contract';
import { findUserByEmail } from '../../server/repos/users';
import type { TestServer } from './harness';
import { addCredential, api, createConnector, plainRequest } from './http';

export interface Seed {
  /** Group names (each also its name on the server). */
  groups?: readonly string[];
  users?: Readonly<
    Record<
      string,
      {
        role: UserRole;
        /** Default: `<name>@seed.test` (lower case). */
        email?: string;
        /** Groups they belong to. */
        memberOf?: readonly string[];
        /** Groups they belong to and curate. */
        curates?: readonly string[];
      }
    >
  >;
  /** Web connectors, each with a credential attached: public, or private to these groups. */
  pairs?: Readonly<Record<string, { privateTo?: readonly string[] }>>;
}

type Names<T> = T extends readonly (infer N extends string)[] ? N : never;

export interface Seeded<S extends Seed> {
  /** Each user's API key. */
  keys: Record<keyof S['users'] & string, string>;
  userIds: Record<keyof S['users'] & string, string>;
  groups: Record<Names<S['groups']>, number>;
  pairs: Record<keyof S['pairs'] & string, { connector: number; pair: number }>;
  /** The web credential every seeded pair uses (0 when none was made). */
  credential: number;
}

async function ok(server: TestServer, method: string, path: string, body: unknown) {
  const answer = await api(server, method, path, { body });
  if (answer.status !== 200)
    throw new Error(`seed: ${method} ${path}: ${answer.status} ${answer.text}`);
  return answer.json as { id: number; data: number };
}

export async function plantSeed<S extends Seed>(server: TestServer, seed: S): Promise<Seeded<S>> {
  const keys: Record<string, string> = {};
  const userIds: Record<string, string> = {};
  for (const [name, user] of Object.entries(seed.users ?? {})) {
    const email = user.email ?? `${name.toLowerCase()}@seed.test`;
    keys[name] = await server.keyFor(user.role, email);
    userIds[name] = (await findUserByEmail(server.store.db, email))!.id;
  }
  const users = Object.entries(seed.users ?? {});
  const groups: Record<string, number> = {};
  for (const group of seed.groups ?? []) {
    const members = users
      .filter(([, user]) => [...(user.memberOf ?? []), ...(user.curates ?? [])].includes(group))
      .map(([name]) => userIds[name]!);
    groups[group] = (
      await ok(server, 'POST', '/manage/admin/user-group', {
        name: group,
        user_ids: members,
        cc_pair_ids: [],
      })
    ).id;
    for (const [name, user] of users) {
      if (!user.curates?.includes(group)) continue;
      await ok(server, 'POST', `/manage/admin/user-group/${groups[group]}/set-curator`, {
        user_id: userIds[name],
        is_curator: true,
      });
    }
  }
  const pairs: Record<string, { connector: number; pair: number }> = {};
  const pairEntries = Object.entries(seed.pairs ?? {});
  const credential = pairEntries.length > 0 ? await addCredential(server, 'web') : 0;
  for (const [name, { privateTo }] of pairEntries) {
    const connector = await createConnector(server, plainRequest('web', { name }));
    const access = privateTo
      ? { access_type: 'private', groups: privateTo.map((group) => groups[group]) }
      : {};
    const path = `/manage/admin/connector/${connector}/credential/${credential}`;
    pairs[name] = { connector, pair: (await ok(server, 'PUT', path, access)).data };
  }
  return { keys, userIds, groups, pairs, credential } as Seeded<S>;
}
