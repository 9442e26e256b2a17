// Data sets of the bench, written to a file-backed store in a temp folder with
// the production settings (D12: WAL, synchronous=FULL), then closed so that
// the server process opens it as `npm start` would.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentSource } from '../src/contract/contract';
import { openStore, type Store } from '../server/db/database';
import { openPostgresStore } from '../server/db/postgres';
import { generateApiKey } from '../server/auth/apiKeys';
import { insertConnector, insertPair } from '../server/repos/connectors';
import { createCredential } from '../server/repos/credentials';
import { prepareStore } from '../server/setup';
import { onPostgres } from '../test/support/postgresForTests';

export interface DataSet {
  /** A temp folder: the SQLite database, or only scratch files when on PostgreSQL. */
  dataDir: string;
  /** On PostgreSQL: the server's environment for its own fresh database. */
  postgres?: { url: string; secretKey: string; database: string; adminUrl: string };
  adminKey: string;
  connectors: number;
  /** Credential i (1-based) is attached to the connectors n with n % credentials === i - 1. */
  credentials: number;
}

const SOURCES: DocumentSource[] = ['jira', 'slack', 'confluence', 'github', 'google_drive'];

const configFor = (source: DocumentSource, n: number): Record<string, unknown> => {
  switch (source) {
    case 'jira':
      return {
        jira_base_url: 'https://acme.atlassian.net',
        project_key: `P${n}`,
        comment_email_blacklist: [],
      };
    case 'slack':
      return { channels: [`team-${n}`, 'incidents'] };
    case 'confluence':
      return { wiki_page_url: `https://acme.atlassian.net/wiki/spaces/S${n}` };
    case 'github':
      return { repo_owner: 'acme', repositories: `repo-${n}` };
    default:
      return { include_shared_drives: n % 2 === 0 };
  }
};

export const credentialName = (i: number) => `Bench credential ${String(i).padStart(3, '0')}`;
const connectorName = (n: number) => `Bench connector ${String(n).padStart(5, '0')}`;

/** The first connector (by id) attached to credential i: the first row once filtered. */
export const firstConnectorOf = (i: number) => connectorName(i);

/** `postgresUrl`: seed a new database on that server instead of SQLite in the folder. */
export async function seedDataSet(
  connectors: number,
  credentials: number,
  postgresUrl?: string,
): Promise<DataSet> {
  const { set, store } = await openNewDataSet(postgresUrl);
  await store.db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (let i = 1; i <= credentials; i += 1) {
      const source = SOURCES[(i - 1) % SOURCES.length]!;
      const secret = { token: randomBytes(24).toString('base64url') };
      ids.push(
        await createCredential(trx, store.secrets, {
          source,
          name: credentialName(i),
          credential_json: secret,
        }),
      );
    }
    for (let n = 1; n <= connectors; n += 1) {
      const index = (n - 1) % credentials;
      const source = SOURCES[index % SOURCES.length]!;
      const id = await insertConnector(trx, {
        name: connectorName(n),
        source,
        input_type: 'poll',
        access_type: 'PUBLIC',
        connector_specific_config: configFor(source, n),
        refresh_freq: 3600,
        prune_freq: 86400,
        indexing_start: null,
      });
      await insertPair(trx, id, ids[index]!);
    }
  });
  await store.close();
  return { ...set, connectors, credentials };
}

/** The store of a data set, opened again to add to it (bench/scale.ts); close it after. */
export const openDataSet = (set: DataSet): Promise<Store> =>
  set.postgres
    ? openPostgresStore(set.postgres.url, set.postgres.secretKey)
    : openStore(set.dataDir);

/**
 * A copy of a SQLite data set, as it is now (no server open on it): a
 * measure that adds to its data (the creations under load) leaves the copy
 * as the seed made it, for a later measure that counts on its size.
 */
export function copyDataSet(set: DataSet): DataSet {
  if (set.postgres) throw new Error('copyDataSet copies a SQLite data set only');
  const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-bench-'));
  cpSync(set.dataDir, dataDir, { recursive: true });
  return { ...set, dataDir };
}

/**
 * A new, empty store (a temp folder, or a new database on that PostgreSQL
 * server) with its first admin and the admin's key; open, for the caller to fill and close.
 */
export async function openNewDataSet(
  postgresUrl?: string,
): Promise<{ set: DataSet; store: Store }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sourcedesk-bench-'));
  let postgres: DataSet['postgres'];
  let store: Store;
  if (postgresUrl) {
    const database = `sd_bench_${randomBytes(5).toString('hex')}`;
    await onPostgres(postgresUrl, `create database ${database}`);
    const url = Object.assign(new URL(postgresUrl), { pathname: `/${database}` }).toString();
    postgres = {
      url,
      secretKey: randomBytes(32).toString('base64'),
      database,
      adminUrl: postgresUrl,
    };
    store = await openPostgresStore(url, postgres.secretKey);
  } else {
    store = await openStore(dataDir);
  }
  const adminKey = generateApiKey();
  await prepareStore(store, {
    adminEmail: 'bench@sourcedesk.test',
    adminApiKey: adminKey,
    demoData: false,
  });
  return { set: { dataDir, postgres, adminKey, connectors: 0, credentials: 0 }, store };
}
