// Demo data for a first start (demo.json): credentials of several sources with
// secrets that look real (and are random — each "{random <prefix> <bytes>}" is
// made anew — so no scanner mistakes them for leaks), a dozen connectors, one
// left without a credential, and a user of every role.
import { randomBytes } from 'node:crypto';
import type {
  ConnectorCreate,
  DocumentSource,
  InputType,
  UserRole,
} from '../src/contract/contract';
import { EMPTY_CREDENTIAL_ID } from '../src/contract/rules';
import type { SecretBox } from './crypto/secretBox';
import type { Db } from './db/database';
import demo from './demo.json' with { type: 'json' };
import { insertConnector, insertPair } from './repos/connectors';
import { createCredential } from './repos/credentials';
import { createUser } from './repos/users';

interface DemoConnector {
  name: string;
  source: string;
  input_type?: string;
  config: Record<string, unknown>;
  /** null: no schedule at all (an uploaded file is read once). */
  schedule?: null;
  /** A credential of demo.json, "empty" for credential 0, null for none (unfinished). */
  credential: string | null;
}

const RANDOM = /^\{random (\S*) (\d+)\}$/;

/** The value with every "{random …}" made; an object becomes its JSON text (a key file). */
function made(value: unknown): unknown {
  if (typeof value === 'string') {
    const match = RANDOM.exec(value);
    return match ? match[1]! + randomBytes(Number(match[2])).toString('base64url') : value;
  }
  if (value !== null && typeof value === 'object') {
    const filled = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, made(v)]));
    return JSON.stringify(filled);
  }
  return value;
}

export async function seedDemoData(db: Db, secrets: SecretBox, ownerId: string): Promise<void> {
  for (const [email, role] of demo.users) await createUser(db, email!, role as UserRole);
  const credentials: Record<string, number> = { empty: EMPTY_CREDENTIAL_ID };
  for (const [key, { source, name, values }] of Object.entries(demo.credentials)) {
    const credential_json = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, made(v)]),
    );
    credentials[key] = await createCredential(db, secrets, {
      source: source as DocumentSource,
      name,
      credential_json,
      user_id: ownerId,
    });
  }
  for (const connector of demo.connectors as DemoConnector[]) {
    const scheduled = connector.schedule !== null;
    const input: ConnectorCreate = {
      name: connector.name,
      source: connector.source as DocumentSource,
      input_type: (connector.input_type ?? 'poll') as InputType,
      access_type: 'PUBLIC',
      connector_specific_config: connector.config,
      refresh_freq: scheduled ? 3600 : null,
      prune_freq: scheduled ? 86400 : null,
      indexing_start: null,
    };
    const id = await insertConnector(db, input);
    if (connector.credential) await insertPair(db, id, credentials[connector.credential]!);
  }
}
