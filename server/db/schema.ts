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
  /** D15 (0028): since when a change left it with no test behind it; null otherwise. */
  untested_since: ColumnType<string | null, never, string | null>;
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

/** A document set (0022): a bundle of pairs, public or private to its groups. */
export interface DocumentSetTable {
  id: Generated<number>;
  name: string;
  description: string;
  is_public: number;
  /** Its maker; null when made by the configuration bundle or when the maker is gone. */
  user_id: string | null;
  time_created: string;
  time_updated: string;
}

export interface DocumentSetPairTable {
  set_id: number;
  pair_id: number;
}

export interface DocumentSetGroupTable {
  set_id: number;
  group_id: number;
}

/** A credential shared with a group. */
export interface CredentialGroupTable {
  credential_id: number;
  group_id: number;
}

/** An origin a credential's secret may be sent to (D15, migration 0019). */
export interface CredentialOriginTable {
  credential_id: number;
  /** `scheme://host:port`, as trust.ts's originKey spells it. */
  origin: string;
  approved_by: string | null;
  time_created: string;
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

/** The identity provider's token for SCIM (0021): only its SHA-256 is kept. */
export interface ScimTokenTable {
  id: Generated<number>;
  name: string;
  token_hash: string;
  last_four: string;
  time_created: string;
  time_revoked: string | null;
  last_used_at: ColumnType<string | null, string | null | undefined>;
}

/** A user managed by the identity provider (0021), and the id it knows them by. */
export interface ScimUserTable {
  user_id: string;
  external_id: string | null;
  time_created: string;
}

/** A group managed by the identity provider (0021), and the id it knows it by. */
export interface ScimGroupTable {
  group_id: number;
  external_id: string | null;
  time_created: string;
}

/** A worker key (0020, D14): reaches only /manage/worker/*; stored by hash. */
export interface WorkerKeyTable {
  id: Generated<number>;
  name: string;
  key_hash: string;
  key_prefix: string;
  created_by: string | null;
  time_created: string;
  time_revoked: string | null;
  last_used_at: string | null;
}

/** A worker process as its last check-in left it. */
export interface WorkerTable {
  worker_key_id: number;
  worker_id: string;
  hostname: string | null;
  version: string | null;
  /** JSON list of sources, or null for any. */
  sources: string | null;
  last_check_in: string;
}

/** A sync job (0020): Onyx's index attempt. Flags are 0/1. */
export interface SyncJobTable {
  id: Generated<number>;
  cc_pair_id: number;
  /** The pair's credential when the job was made (a swap starts a new count toward INVALID). */
  credential_id: number;
  kind: string;
  trigger: string;
  from_beginning: number;
  status: string;
  new_docs_indexed: Generated<number>;
  total_docs_indexed: Generated<number>;
  docs_removed_from_index: Generated<number>;
  error_msg: string | null;
  error_count: Generated<number>;
  full_exception_trace: string | null;
  validation_error: Generated<number>;
  time_created: string;
  time_started: string | null;
  time_updated: string;
  time_finished: string | null;
  /** The last heartbeat (progress, documents or errors); the stall rule counts from it. */
  last_progress_at: string | null;
  poll_range_start: string | null;
  poll_range_end: string | null;
  /** The worker's resume point, JSON text. */
  checkpoint: string | null;
  worker_key_id: number | null;
  worker_id: string | null;
  cancellation_requested: Generated<number>;
  completed_batches: Generated<number>;
  total_batches: number | null;
}

export interface SyncJobErrorTable {
  id: Generated<number>;
  job_id: number;
  cc_pair_id: number;
  document_id: string | null;
  document_link: string | null;
  entity_id: string | null;
  failed_time_range_start: string | null;
  failed_time_range_end: string | null;
  failure_message: string;
  error_type: string | null;
  is_resolved: Generated<number>;
  time_created: string;
}

/** What one job did to one document: upserted (and whether it was new), removed. */
export interface SyncJobDocumentTable {
  job_id: number;
  document_id: string;
  upserted: Generated<number>;
  was_new: Generated<number>;
  removed: Generated<number>;
}

/** A pair's document inventory (D14): what its workers reported it holds. */
export interface PairDocumentTable {
  cc_pair_id: number;
  document_id: string;
  semantic_identifier: string;
  title_lower: string;
  link: string | null;
  updated_at: string | null;
  time_last_indexed: string;
}

/**
 * Each pair's sync version and inventory size (0034, kept by triggers): the
 * version moves with every write to the pair's jobs or documents.
 */
export interface PairSyncVersionTable {
  cc_pair_id: number;
  version: number;
  documents: number;
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
  document_sets: DocumentSetTable;
  document_set_pairs: DocumentSetPairTable;
  document_set_groups: DocumentSetGroupTable;
  scim_tokens: ScimTokenTable;
  scim_users: ScimUserTable;
  scim_groups: ScimGroupTable;
  credential_origins: CredentialOriginTable;
  worker_keys: WorkerKeyTable;
  workers: WorkerTable;
  sync_jobs: SyncJobTable;
  sync_job_errors: SyncJobErrorTable;
  sync_job_documents: SyncJobDocumentTable;
  pair_documents: PairDocumentTable;
  pair_sync_versions: PairSyncVersionTable;
}
