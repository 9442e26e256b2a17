// An import's plan: what a bundle would create, change, remove and
// skip on this instance, with the steps that do it, in the order things refer
// to one another (users before their groups, credentials before their pairs).
import type { ConfigBundle } from '../../src/contract/configBundle';
import { planAlerts } from './planAlerts';
import { planConnectors, planPairs } from './planConnectors';
import { planCredentials } from './planCredentials';
import { planDocumentSets } from './planDocumentSets';
import { Planner, type Ids } from './planParts';
import { curatorships, planGroups, planInvitations, planRoles, planUsers } from './planPeople';
import type { Setup } from './setup';

/**
 * `importerId` is the caller (who invites and makes); `personId` the person
 * importing, whom an import never demotes nor deactivates: the caller, or the
 * admin who made the panel key the caller is.
 */
export function planImport(
  bundle: ConfigBundle,
  setup: Setup,
  importerId: string,
  personId: string | null = importerId,
): Planner {
  const p = new Planner();
  const curators = curatorships(bundle, setup);
  planUsers(p, bundle, setup, personId, curators);
  p.checkStepsSoFar();
  planInvitations(p, bundle, setup, importerId);
  planGroups(p, bundle, setup, personId, curators);
  const unmade = planCredentials(p, bundle, setup, importerId);
  planConnectors(p, bundle, setup);
  const skippedPairs = planPairs(p, bundle, setup, unmade);
  planDocumentSets(p, bundle, setup, skippedPairs);
  planAlerts(p, bundle, setup);
  planRoles(p, curators);
  return p;
}

/** The ids of what the instance holds, for the steps to add what they make. */
export const heldIds = (setup: Setup): Ids => ({
  users: new Map([...setup.users].map(([key, held]) => [key, held.id])),
  groups: new Map([...setup.groups].map(([name, held]) => [name, held.id])),
  credentials: new Map([...setup.credentials].map(([ref, held]) => [ref, held.id])),
  connectors: new Map([...setup.connectors].map(([ref, held]) => [ref, held.id])),
});
