// Versioned migrations (D12), one file each, run in the order of this list.
// Never edit a released one: add the next.
//
// Adding a migration: a new file `NNNN_what_it_does.ts` here (the next number,
// its default export a `MigrationOf`, as the others), and one line at the end
// of MIGRATIONS below. One set for both stores: where SQLite and PostgreSQL
// spell a column differently the `types` of the dialect say it
// (dialectTypes.ts; the SQL for SQLite is what it always was). The runner is
// ../migrate.ts.
import m0001 from './0001_initial';
import m0002 from './0002_lifecycle';
import m0003 from './0003_revision';
import m0004 from './0004_audit_log';
import m0005 from './0005_api_key_details';
import m0006 from './0006_revision_notice';
import m0007 from './0007_people';
import m0008 from './0008_user_groups';
import m0009 from './0009_audit_filters';
import m0010 from './0010_pair_tests';
import m0011 from './0011_used_sign_in_states';
import m0012 from './0012_connector_creator';
import m0013 from './0013_paused_at';
import m0014 from './0014_alerts';
import m0015 from './0015_config_refs';
import m0016 from './0016_invitation_links';
import m0017 from './0017_directory_index';
import m0018 from './0018_connector_version';
import m0019 from './0019_credential_origins';
import m0020 from './0020_sync_jobs';
import m0021 from './0021_scim';
import m0022 from './0022_document_sets';
import m0024 from './0024_group_name_key';
import m0028 from './0028_pair_untested_since';
import m0031 from './0031_directory_trigrams';
import m0032 from './0032_sync_scale_indexes';
import m0033 from './0033_read_revisions';
import m0034 from './0034_pair_sync_versions';
import m0036 from './0036_document_trigrams';
import m0037 from './0037_use_notes_keep_revisions';
import m0038 from './0038_grants_revision';
import type { MigrationOf } from './dialectTypes';

/** Every migration, oldest first: the name is the one stored in the database. */
export const MIGRATIONS: readonly (readonly [name: string, migration: MigrationOf])[] = [
  ['0001_initial', m0001],
  ['0002_lifecycle', m0002],
  ['0003_revision', m0003],
  ['0004_audit_log', m0004],
  ['0005_api_key_details', m0005],
  ['0006_revision_notice', m0006],
  ['0007_people', m0007],
  ['0008_user_groups', m0008],
  ['0009_audit_filters', m0009],
  ['0010_pair_tests', m0010],
  ['0011_used_sign_in_states', m0011],
  ['0012_connector_creator', m0012],
  ['0013_paused_at', m0013],
  ['0014_alerts', m0014],
  ['0015_config_refs', m0015],
  ['0016_invitation_links', m0016],
  ['0017_directory_index', m0017],
  ['0018_connector_version', m0018],
  ['0019_credential_origins', m0019],
  ['0020_sync_jobs', m0020],
  ['0021_scim', m0021],
  ['0022_document_sets', m0022],
  ['0024_group_name_key', m0024],
  ['0028_pair_untested_since', m0028],
  ['0031_directory_trigrams', m0031],
  ['0032_sync_scale_indexes', m0032],
  ['0033_read_revisions', m0033],
  ['0034_pair_sync_versions', m0034],
  ['0036_document_trigrams', m0036],
  ['0037_use_notes_keep_revisions', m0037],
  ['0038_grants_revision', m0038],
];
