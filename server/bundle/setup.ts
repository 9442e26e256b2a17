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
import { everyConnector, everyPairAccess } from '../repos/connectors';
import { everyCredentialGroup, everyStoredCredential } from '../repos/credentials';
import { everySet, everySetGroup, everySetPair } from '../repos/documentSets';
import { everyGroup, everyMembership, everyPairGroup } from '../repos/groups';
import { everyInvitation, everyPerson } from '../repos/users';

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
  const { users, invitations, emailOf } = await readPeople(db);
  const { groups, groupName } = await readGroups(db, emailOf);
  const { credentials, credentialRef } = await readCredentials(db, secrets, groupName, emailOf);
  const { connectors, connectorRef } = await readConnectors(db);
  const { pairs, pairById } = await readPairs(db, groupName, connectorRef, credentialRef);
  const documentSets = await readDocumentSets(db, groupName, pairById);

  // The panel's setting only: one from the environment belongs to that environment.
  const webhook = (await readWebhookUrl(db, secrets, undefined))?.url ?? null;

  return { users, invitations, groups, credentials, connectors, pairs, documentSets, webhook };
}

/**
 * Each person by address (letter case aside), the invitations of addresses not
 * yet people's, and each person's address by id.
 */
async function readPeople(db: Db) {
  const people = await everyPerson(db);
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

  const invited = await everyInvitation(db);
  const invitations = new Set(
    invited.map((row) => row.email).filter((email) => !users.has(lower(email))),
  );
  return { users, invitations, emailOf };
}

/** Each group by name with its members and curators by address, and each group's name by id. */
async function readGroups(db: Db, emailOf: ReadonlyMap<string, string>) {
  const groupRows = await everyGroup(db);
  const groupName = new Map(groupRows.map((row) => [Number(row.id), row.name]));
  const members = await everyMembership(db);
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
  return { groups, groupName };
}

/**
 * Each credential by ref, its values opened, and each credential's ref by id
 * (null for D6's built-in empty one).
 */
async function readCredentials(
  db: Db,
  secrets: SecretBox,
  groupName: ReadonlyMap<number, string>,
  emailOf: ReadonlyMap<string, string>,
) {
  const credentialGroups = new Map<number, string[]>();
  for (const row of await everyCredentialGroup(db)) {
    const list = credentialGroups.get(Number(row.credential_id)) ?? [];
    list.push(groupName.get(Number(row.group_id))!);
    credentialGroups.set(Number(row.credential_id), list);
  }
  const credentialRows = await everyStoredCredential(db);
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
  return { credentials, credentialRef };
}

/** Each connector by ref, and each connector's ref by id. */
async function readConnectors(db: Db) {
  const connectors = new Map<string, Held<BundleConnector> & { id: number }>();
  const connectorRef = new Map<number, string>();
  for (const row of await everyConnector(db)) {
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
  return { connectors, connectorRef };
}

/** Each pair by its key (pairKey), its groups by name, and each pair by id. */
async function readPairs(
  db: Db,
  groupName: ReadonlyMap<number, string>,
  connectorRef: ReadonlyMap<number, string>,
  credentialRef: ReadonlyMap<number, string | null>,
) {
  const pairGroups = new Map<number, string[]>();
  for (const row of await everyPairGroup(db)) {
    const list = pairGroups.get(Number(row.pair_id)) ?? [];
    list.push(groupName.get(Number(row.group_id))!);
    pairGroups.set(Number(row.pair_id), list);
  }
  const pairs = new Map<string, Held<BundlePair> & { id: number }>();
  const pairById = new Map<number, BundlePair>();
  for (const row of await everyPairAccess(db)) {
    const item: BundlePair = {
      connector: connectorRef.get(row.connector_id)!,
      credential: credentialRef.get(row.credential_id) ?? null,
      access_type: row.access_type as PairAccessType,
      groups: sorted(pairGroups.get(row.id) ?? []),
    };
    pairs.set(pairKey(item), { id: row.id, item });
    pairById.set(row.id, item);
  }
  return { pairs, pairById };
}

/** Each set by name: its groups by name, its pairs by refs (each list in a fixed order). */
async function readDocumentSets(
  db: Db,
  groupName: ReadonlyMap<number, string>,
  pairById: ReadonlyMap<number, BundlePair>,
) {
  const setRows = await everySet(db);
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
  for (const row of await everySetGroup(db)) {
    byId.get(Number(row.set_id))?.groups.push(groupName.get(Number(row.group_id))!);
  }
  for (const row of await everySetPair(db)) {
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
