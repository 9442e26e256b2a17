// Table types for the query builder. Booleans are 0/1 integers and lists and
// objects are JSON text, which both SQLite and PostgreSQL store as they are (D12).
import type { ColumnType, Generated } from 'kysely';

export interface UserTable {
  id: string;
  email: string;
  email_lower: string;
  role: string;
  time_created: string;
  /** 1 for the user a panel-made key acts as (Onyx: each API key is a user of its role). */
  is_api_key: Generated<number>;
  /** 0 for a deactivated user: every key and session of theirs is refused (0007). */
  is_active: Generated<number>;
}

/** An address invited to sign in (single sign-on) before it is a user. */
export interface InvitedUserTable {
  email: string;
  email_lower: string;
  invited_by_user_id: string | null;
  time_invited: string;
}

/** A panel session: the cookie holds a random token, the table its hash. */
export interface SessionTable {
  token_hash: string;
  user_id: string;
  time_created: string;
  /** Written at most once a minute; the idle timeout counts from it. */
  last_seen_at: string;
  /** The absolute end of the session. */
  expires_at: string;
  /** How the session began: `api_key` or `oidc`. */
  how: string;
  address: string | null;
  user_agent: string | null;
}

/** Single sign-on states already followed (by SHA-256), until their sign-in's end. */
export interface UsedSignInStateTable {
  state_hash: string;
  expires_at: string;
}

export interface ApiKeyTable {
  id: Generated<number>;
  user_id: string;
  key_hash: string;
  key_prefix: string;
  time_created: string;
  time_revoked: string | null;
  /** Keys made in the panel: a name, who made it, an optional end, its last use. */
  name: ColumnType<string | null, string | null | undefined>;
  owner_user_id: ColumnType<string | null, string | null | undefined>;
  expires_at: ColumnType<string | null, string | null | undefined>;
  last_used_at: ColumnType<string | null, string | null | undefined>;
}

export interface CredentialTable {
  id: Generated<number>;
  source: string;
  name: string | null;
  /** The values, sealed with the credential key (server/crypto): `v1:…`. */
  credential_json: string;
  /** The name a configuration bundle knows it by (0015): from the name at creation, kept. */
  ref: ColumnType<string, string | undefined, string>;
  admin_public: number;
  curator_public: number;
  groups: string;
  user_id: string | null;
  time_created: string;
  time_updated: string;
}

export interface ConnectorTable {
  id: Generated<number>;
  name: string;
  source: string;
  input_type: string;
  access_type: string;
  connector_specific_config: string;
  /** The name a configuration bundle knows it by (0015): from the name at creation, kept. */
  ref: ColumnType<string, string | undefined, string>;
  refresh_freq: number | null;
  prune_freq: number | null;
  indexing_start: string | null;
  groups: string;
  /** Who made it (0012, D13): null for connectors made before, or when the maker is gone. */
  creator_id: ColumnType<string | null, string | null | undefined, never>;
  /** ACTIVE or PAUSED */
  status: Generated<string>;
  /** When it was paused; null while it runs (0013). */
  paused_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Moved by every update of the row (0018): the list's kept pieces are known by it. */
  version: ColumnType<number, never, never>;
  time_created: string;
  time_updated: string;
}

export interface PairTable {
  id: Generated<number>;
  connector_id: number;
  credential_id: number;
  time_created: ColumnType<string, string, never>;
  /** `public`, `private` (to its groups) or `sync` (D13, 0008). */
  access_type: Generated<string>;
  name: ColumnType<string | null, string | null | undefined>;
  /** The last connection test (0009): null until the pair is tested. */
  last_test_at: ColumnType<string | null, never, string | null>;
  last_test_ok: ColumnType<number | null, never, number | null>;
  /** The checks' words as JSON: [{name, ok, message}]. */
  last_test_checks: ColumnType<string | null, never, string | null>;
}

/** A user group (D13). */
export interface UserGroupTable {
  id: Generated<number>;
  name: string;
  /** The name as it is compared (groupNameKey): unique. */
  name_key: string | null;
  time_created: string;
  time_updated: string;
}

/** A member of a group; 1 in is_curator for its curators. */
export interface UserGroupMemberTable {
  group_id: number;
  user_id: string;
  is_curator: Generated<number>;
}

/** A pair private to a group (or seen by it). */
export interface PairGroupTable {
  pair_id: number;
  group_id: number;
}

/** A credential shared with a group. */
export interface CredentialGroupTable {
  credential_id: number;
  group_id: number;
}

/** Small facts about the database itself, such as the credential key's check value. */
export interface SettingTable {
  key: string;
  value: string;
}

/** The last state a subject was alerted in (0014): `pair:<id>`, `api_key:<id>`, `credential:<id>`. */
export interface AlertStateTable {
  subject: string;
  state: string;
  since: string;
}

/** A webhook delivery (0014): `status` pending, delivered or failed. */
export interface AlertDeliveryTable {
  id: Generated<number>;
  event: string;
  /** The JSON sent, never a secret. */
  payload: string;
  time_created: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  give_up_at: string;
  last_attempt_at: string | null;
  /** The last attempt in words: "HTTP 200", "HTTP 500", "no answer in 10 seconds". */
  last_outcome: string | null;
}

/** The activity log: who changed what, when; `changes` is JSON text with every secret masked (D6). */
export interface AuditTable {
  id: Generated<number>;
  time: string;
  action: string;
  outcome: string;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_api_key_id: number | null;
  resource_type: string | null;
  resource_id: string | null;
  resource_name: string | null;
  address: string | null;
  user_agent: string | null;
  request_id: string | null;
  changes: string;
}

/** An invitation's sign-in link, by the hash of its token (migration 0016). */
export interface InvitationLinkTable {
  token_hash: string;
  email_lower: string;
  time_created: string;
  expires_at: string;
  /** null while the link is open; `used` or `revoked` after. */
  ended: string | null;
}

export interface Tables {
  settings: SettingTable;
  users: UserTable;
  api_keys: ApiKeyTable;
  credentials: CredentialTable;
  connectors: ConnectorTable;
  connector_credential_pairs: PairTable;
  audit_log: AuditTable;
  invited_users: InvitedUserTable;
  sessions: SessionTable;
  user_groups: UserGroupTable;
  user_group_members: UserGroupMemberTable;
  pair_groups: PairGroupTable;
  credential_groups: CredentialGroupTable;
  used_sign_in_states: UsedSignInStateTable;
  alert_state: AlertStateTable;
  alert_deliveries: AlertDeliveryTable;
  invitation_links: InvitationLinkTable;
}
