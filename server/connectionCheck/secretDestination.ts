// D15's one check of where a credential's secret may be sent, for every road
// that sends one: the connection test, a pair's test, the background re-test,
// a swap's and replace-everywhere's test, a worker's read of a pair's
// credential (D14), and the changes that decide where later ones go (attach,
// an address edit). A secret goes only to an origin the credential is approved
// for: one its source fixes (GitHub, Slack, Zendesk, GitLab.com: approved by
// themselves), one written in the credential itself, or one approved by
// someone who may read it (its maker, an admin) — which they do by sending it
// there. Anyone else may use it only where it is already approved.
import { secretDestinationRefusal } from '../../src/contract/connectionTest';
import type { DocumentSource } from '../../src/contract/contract';
import type { Db } from '../db/database';
import { problem } from '../http/problems';
import { approvedOrigins, approveOrigin } from '../repos/credentialOrigins';
import type { SourceApiHosts } from './hosts';
import { CREDENTIAL_ADDRESS_KEYS, namedOrigin, originKey, valueOrigin } from './trust';

/** Who sends it: a person, by id and role; null for the server's own work (a re-test, a worker's job). */
export interface SecretSender {
  id: string;
  role: string;
}

/** Where one secret is about to go. */
export interface SecretTrip {
  credential: {
    id: number;
    /** Its maker (null for credential 0, or once the maker is deleted). */
    user_id: string | null;
    /** Its values, opened: an address they name is its own. */
    values: Record<string, unknown>;
  };
  /** The source and config of the connector (or the test's settings) it is sent for. */
  source: DocumentSource;
  config: Record<string, unknown>;
  by: SecretSender | null;
}

/** Whether `sender` may read the credential (D15: its maker, an admin), and so approve an origin for it. */
export const mayApproveOrigins = (sender: SecretSender | null, makerId: string | null) =>
  sender !== null && (sender.role === 'admin' || (makerId !== null && sender.id === makerId));

/**
 * Passes when the trip's secret may go where its config points, approving the
 * origin when the sender may read the credential; otherwise throws D15's 403,
 * naming the approved origins and the one asked for (nothing is sent).
 * `db` must be a write transaction when a reader may approve.
 */
export async function assertSecretMayGoTo(db: Db, trip: SecretTrip): Promise<void> {
  const origin = namedOrigin(trip.source, trip.config);
  // A source that fixes its address, or a config naming none: nowhere chosen by the caller.
  if (origin === null) return;
  if (namedOrigin(trip.source, trip.credential.values) === origin) return;
  const approved = (await approvedOrigins(db, trip.credential.id)).map((row) => row.origin);
  if (approved.includes(origin)) return;
  if (mayApproveOrigins(trip.by, trip.credential.user_id)) {
    await approveOrigin(db, trip.credential.id, origin, trip.by!.id);
    return;
  }
  throw problem(403, secretDestinationRefusal(approved, origin));
}

/**
 * D15 for a credential's own values: an address written in them is trusted
 * as approved (above), so only someone who may read the credential writes a
 * new one. Anyone else (a curator of a group it is shared with, D13) may
 * change its other values, and an address only to an origin already approved
 * for it; otherwise D15's 403, before anything is stored. Removing an address
 * is allowed: the source's fixed host or the connector's own (checked above)
 * is used instead.
 */
export async function assertAddressEditAllowed(
  db: Db,
  edit: {
    credentialId: number;
    makerId: string | null;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    by: SecretSender;
  },
): Promise<void> {
  if (mayApproveOrigins(edit.by, edit.makerId)) return;
  const moved = [...CREDENTIAL_ADDRESS_KEYS].filter(
    (key) =>
      edit.after[key] !== undefined &&
      JSON.stringify(edit.after[key]) !== JSON.stringify(edit.before[key]),
  );
  if (moved.length === 0) return;
  const approved = (await approvedOrigins(db, edit.credentialId)).map((row) => row.origin);
  const unapproved = moved
    .map((key) => valueOrigin(edit.after[key]))
    .find((origin) => !approved.includes(origin));
  if (unapproved !== undefined) throw problem(403, secretDestinationRefusal(approved, unapproved));
}

/** A fixed host's origin, its `{subdomain}` filled from the credential; null when it cannot be. */
function fixedOrigin(root: string, values: Record<string, unknown>): string | null {
  const subdomain = [values.zendesk_subdomain, values.freshdesk_domain, values.subdomain].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  if (root.includes('{subdomain}') && subdomain === undefined) return null;
  try {
    return originKey(new URL(root.replace('{subdomain}', subdomain ?? '')));
  } catch {
    return null;
  }
}

/**
 * The origins a trip that passed `assertSecretMayGoTo` may send its secret to,
 * as `originKey` writes them (what a worker is told with the credential, D15):
 * the address its connector or credential names when there is one, otherwise
 * the source's fixed API host as this server reaches it (`hosts`, the one
 * SOURCEDESK_SOURCE_API_HOSTS the connection checks honour), and any address
 * the credential holds itself.
 */
export function tripOrigins(trip: SecretTrip, hosts: SourceApiHosts): string[] {
  const origins = new Set<string>();
  const named =
    namedOrigin(trip.source, trip.config) ?? namedOrigin(trip.source, trip.credential.values);
  if (named !== null) {
    origins.add(named);
  } else {
    const roots: string[] = [];
    if (Object.hasOwn(hosts, trip.source)) roots.push(hosts[trip.source as keyof SourceApiHosts]);
    if (trip.source === 'sharepoint') roots.push(hosts.microsoft_graph);
    for (const root of roots) {
      const origin = fixedOrigin(root, trip.credential.values);
      if (origin !== null) origins.add(origin);
    }
  }
  for (const key of CREDENTIAL_ADDRESS_KEYS) {
    const value = trip.credential.values[key];
    if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) continue;
    origins.add(valueOrigin(value));
  }
  return [...origins];
}
