// The setup an instance holds, read whole in one transaction for a bundle
// (export) or a plan (import): each thing by the name a bundle gives it, with
// the id the import needs to change it. Few queries, whatever the size: a
// plan of 10,000 connectors reads six tables once.
import type { DocumentSource, UserRole } from '../../src/contract/contract';
import type {
  BundleConnector,
  BundleCredential,
  BundleDocumentSet,
  BundleGroup,
  BundlePair,
  BundleUser,
} from '../../src/contract/configBundle';
import type { PairAccessType } from '../../src/contract/groups';
import { isReadableCredentialKey } from '../../src/contract/sources/catalogue';
import { readWebhookUrl } from '../watch/webhookSetting';
import type { SecretBox } from '../crypto/secretBox';
import type { Db } from '../db/database';

export interface Held<T> {
  id: number | string;
  item: T;
}

export interface HeldCredential extends Held<BundleCredential> {
  id: number;
  /** The stored values, opened (never answered: the plan and the bundle show keys only). */
  values: Record<string, unknown>;
}

export interface Setup {
  users: Map<string, Held<BundleUser> & { id: string }>;
  invitations: Set<string>;
  groups: Map<string, Held<BundleGroup> & { id: number }>;
  credentials: Map<string, HeldCredential>;
  connectors: Map<string, Held<BundleConnector> & { id: number }>;
  pairs: Map<string, Held<BundlePair> & { id: number }>;
  documentSets: Map<string, Held<BundleDocumentSet> & { id: number }>;
  /** The panel's alert webhook, opened (never answered whole: its path is a secret). */
  webhook: string | null;
}

/** Sorted by code point, as both stores' `collate "C"` sort: the same order everywhere. */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sorted = (values: Iterable<string>) => [...values].sort(byText);

/** A pair's key in a plan: its connector's ref and its credential's (`-` for the empty one). */
export const pairKey = (pair: Pick<BundlePair, 'connector' | 'credential'>) =>
  `${pair.connector}/${pair.credential ?? '-'}`;

const lower = (email: string) => email.toLowerCase();

/** A value a bundle shows: one its source does not hold secret (a text or a yes/no), else null. */
const readable = (source: string, key: string, value: unknown): string | boolean | null =>
  (typeof value === 'string' || typeof value === 'boolean') && isReadableCredentialKey(source, key)
    ? value
    : null;

export async function readSetup(db: Db, secrets: SecretBox): Promise<Setup> {
  const people = await db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'is_active'])
    .where('is_api_key', '=', 0)
    .execute();
  const emailOf = new Map(people.map((user) => [user.id, user.email]));
  const users = new Map(
    people.map((user) => [
      lower(user.email),
      {
        id: user.id,
        item: {
          email: user.email,
          role: user.role as UserRole,
          active: Number(user.is_active) === 1,
        },
      },
    ]),
  );

  const invited = await db.selectFrom('invited_users').select('email').execute();
  const invitations = new Set(
    invited.map((row) => row.email).filter((email) => !users.has(lower(email))),
  );

  const groupRows = await db.selectFrom('user_groups').select(['id', 'name']).execute();
  const groupName = new Map(groupRows.map((row) => [Number(row.id), row.name]));
  const members = await db
    .selectFrom('user_group_members')
    .select(['group_id', 'user_id', 'is_curator'])
    .execute();
  const groups = new Map(
    groupRows.map((row) => [
      row.name,
      { id: Number(row.id), item: { name: row.name, members: [], curators: [] } as BundleGroup },
    ]),
  );
  for (const member of members) {
    const group = groups.get(groupName.get(Number(member.group_id))!);
    const email = emailOf.get(member.user_id);
    if (!group || email === undefined) continue; // a key user's membership: keys are not exported
    group.item.members.push(email);
    if (Number(member.is_curator) === 1) group.item.curators.push(email);
  }
  for (const { item } of groups.values()) {
    item.members = sorted(item.members);
    item.curators = sorted(item.curators);
  }

  const credentialGroups = new Map<number, string[]>();
  for (const row of await db
    .selectFrom('credential_groups')
    .select(['credential_id', 'group_id'])
    .execute()) {
    const list = credentialGroups.get(Number(row.credential_id)) ?? [];
    list.push(groupName.get(Number(row.group_id))!);
    credentialGroups.set(Number(row.credential_id), list);
  }
  const credentialRows = await db
    .selectFrom('credentials')
    .select([
      'id',
      'ref',
      'name',
      'source',
      'credential_json',
      'admin_public',
      'curator_public',
      'user_id',
    ])
    .where('id', '!=', 0) // D6's built-in empty credential: every instance has it
    .execute();
  const credentials = new Map<string, HeldCredential>();
  const credentialRef = new Map<number, string | null>([[0, null]]);
  for (const row of credentialRows) {
    const opened = secrets.open(row.credential_json);
    if (opened === null) throw new Error(`credential ${row.id} cannot be opened with this key`);
    const values = JSON.parse(opened) as Record<string, unknown>;
    credentialRef.set(row.id, row.ref);
    credentials.set(row.ref, {
      id: row.id,
      values,
      item: {
        ref: row.ref,
        name: row.name,
        source: row.source as DocumentSource,
        admin_public: Number(row.admin_public) === 1,
        curator_public: Number(row.curator_public) === 1,
        groups: sorted(credentialGroups.get(row.id) ?? []),
        // A person by address; a key's own user (or one deleted) is nobody a bundle can name.
        made_by: (row.user_id !== null && emailOf.get(row.user_id)) || null,
        // The values the catalogue holds not secret as they are; every secret null.
        credential_json: Object.fromEntries(
          sorted(Object.keys(values)).map((key) => [key, readable(row.source, key, values[key])]),
        ),
      },
    });
  }

  const connectorRows = await db
    .selectFrom('connectors')
    .select([
      'id',
      'ref',
      'name',
      'source',
      'input_type',
      'access_type',
      'connector_specific_config',
      'refresh_freq',
      'prune_freq',
      'indexing_start',
      'status',
    ])
    .execute();
  const connectors = new Map<string, Held<BundleConnector> & { id: number }>();
  const connectorRef = new Map<number, string>();
  for (const row of connectorRows) {
    connectorRef.set(row.id, row.ref);
    connectors.set(row.ref, {
      id: row.id,
      item: {
        ref: row.ref,
        name: row.name,
        source: row.source as DocumentSource,
        input_type: row.input_type as BundleConnector['input_type'],
        access_type: row.access_type,
        connector_specific_config: JSON.parse(row.connector_specific_config) as Record<
          string,
          unknown
        >,
        refresh_freq: row.refresh_freq === null ? null : Number(row.refresh_freq),
        prune_freq: row.prune_freq === null ? null : Number(row.prune_freq),
        indexing_start: row.indexing_start,
        paused: row.status === 'PAUSED',
      },
    });
  }

  const pairGroups = new Map<number, string[]>();
  for (const row of await db.selectFrom('pair_groups').select(['pair_id', 'group_id']).execute()) {
    const list = pairGroups.get(Number(row.pair_id)) ?? [];
    list.push(groupName.get(Number(row.group_id))!);
    pairGroups.set(Number(row.pair_id), list);
  }
  const pairs = new Map<string, Held<BundlePair> & { id: number }>();
  const pairById = new Map<number, BundlePair>();
  for (const row of await db
    .selectFrom('connector_credential_pairs')
    .select(['id', 'connector_id', 'credential_id', 'access_type'])
    .execute()) {
    const item: BundlePair = {
      connector: connectorRef.get(row.connector_id)!,
      credential: credentialRef.get(row.credential_id) ?? null,
      access_type: row.access_type as PairAccessType,
      groups: sorted(pairGroups.get(row.id) ?? []),
    };
    pairs.set(pairKey(item), { id: row.id, item });
    pairById.set(row.id, item);
  }
  const documentSets = await readDocumentSets(db, groupName, pairById);

  // The panel's setting only: one from the environment belongs to that environment.
  const webhook = (await readWebhookUrl(db, secrets, undefined))?.url ?? null;

  return { users, invitations, groups, credentials, connectors, pairs, documentSets, webhook };
}

/** Each set by name: its groups by name, its pairs by refs (each list in a fixed order). */
async function readDocumentSets(
  db: Db,
  groupName: ReadonlyMap<number, string>,
  pairById: ReadonlyMap<number, BundlePair>,
) {
  const setRows = await db
    .selectFrom('document_sets')
    .select(['id', 'name', 'description', 'is_public'])
    .execute();
  const byId = new Map<number, BundleDocumentSet>();
  const sets = new Map<string, Held<BundleDocumentSet> & { id: number }>();
  for (const row of setRows) {
    const item: BundleDocumentSet = {
      name: row.name,
      description: row.description,
      is_public: Number(row.is_public) === 1,
      groups: [],
      pairs: [],
    };
    byId.set(Number(row.id), item);
    sets.set(row.name, { id: Number(row.id), item });
  }
  for (const row of await db
    .selectFrom('document_set_groups')
    .select(['set_id', 'group_id'])
    .execute()) {
    byId.get(Number(row.set_id))?.groups.push(groupName.get(Number(row.group_id))!);
  }
  for (const row of await db
    .selectFrom('document_set_pairs')
    .select(['set_id', 'pair_id'])
    .execute()) {
    const pair = pairById.get(Number(row.pair_id))!;
    byId
      .get(Number(row.set_id))
      ?.pairs.push({ connector: pair.connector, credential: pair.credential });
  }
  for (const item of byId.values()) {
    item.groups = sorted(item.groups);
    item.pairs.sort((a, b) => byText(pairKey(a), pairKey(b)));
  }
  return sets;
}
