// D4's shortest schedules and D6–D7's credential rules: which credential may be
// attached to which connector. Apart from rules.ts, which re-exports them, so
// the connectors list's path carries these lines and not every rule.
import type { DocumentSource } from './contract';

/** D4: the shortest schedules, in seconds. */
export const REFRESH_FREQ_MIN = 60;
export const PRUNE_FREQ_MIN = 300;

/** D7: sources that need no credential; credential 0 (`not_applicable`) may attach to them. */
export const CREDENTIAL_FREE_SOURCES: readonly DocumentSource[] = [
  'file',
  'web',
  'not_applicable',
  'google_sites',
  'wikipedia',
  'mediawiki',
  'ingestion_api',
  'mock_connector',
  'user_file',
  // Not in D7's list, but Onyx's XenForo connector takes no credential either
  // (its credential template is null): a XenForo board is read as a guest.
  'xenforo',
];

/**
 * D7: a credential of `credentialSource` may be attached to a connector of
 * `connectorSource` when the sources are equal, or when the credential is
 * `not_applicable` (like credential 0) and the connector's source needs none.
 */
export const credentialFitsSource = (
  credentialSource: DocumentSource,
  connectorSource: DocumentSource,
) =>
  credentialSource === connectorSource ||
  (credentialSource === 'not_applicable' && CREDENTIAL_FREE_SOURCES.includes(connectorSource));

/** Credential 0 is built in (D6): it can be neither changed nor deleted. */
export const EMPTY_CREDENTIAL_ID = 0;
