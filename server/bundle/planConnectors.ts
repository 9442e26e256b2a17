// An import's connectors and pairs, by ref. A connector's source
// and input type never change (a conflict); a name another connector has
// here is a conflict too. A pair whose credential will not exist is skipped:
// its connector is imported unfinished (D10), to be attached later.
import type { BundleConnector, BundlePair, ConfigBundle } from '../../src/contract/configBundle';
import { DUPLICATE_CONNECTOR_REFUSAL, type DocumentSource } from '../../src/contract/contract';
import { credentialFitsSource } from '../../src/contract/rules';
import { changesBetween } from '../audit/recorder';
import { isDuplicateConnector } from '../db/constraints';
import { problem } from '../http/problems';
import {
  deleteConnector,
  deletePair,
  insertConnectors,
  insertPairs,
  setImportedConnector,
  setPairAccessType,
} from '../repos/connectors';
import { setPairGroups } from '../repos/groups';
import type { Db } from '../db/database';
import { differing, toldChanges, type Planner, type StepTools } from './planParts';
import { pairKey, type Setup } from './setup';

const CONNECTOR_FIELDS = [
  'name',
  'access_type',
  'connector_specific_config',
  'refresh_freq',
  'prune_freq',
  'indexing_start',
  'paused',
] as const;

const stored = (connector: BundleConnector) => ({
  name: connector.name,
  access_type: connector.access_type,
  connector_specific_config: JSON.stringify(connector.connector_specific_config),
  refresh_freq: connector.refresh_freq ?? null,
  prune_freq: connector.prune_freq ?? null,
  indexing_start: connector.indexing_start ?? null,
  status: connector.paused ? 'PAUSED' : 'ACTIVE',
});

/** A name and source the (name, source) key refuses: the whole import is refused, nothing changed. */
const refused = (ref: string) => (error: unknown) => {
  throw isDuplicateConnector(error)
    ? problem(409, `Connector ${ref}: ${DUPLICATE_CONNECTOR_REFUSAL} Nothing was imported.`)
    : error;
};

/**
 * The connector the (name, source) key refused among those made many a
 * statement: the first whose name and source another has once the import's
 * updates are written (a held one, or one made before it).
 */
function refusedAmong(made: readonly BundleConnector[], bundle: ConfigBundle, setup: Setup) {
  const key = (c: { source: string; name: string }) => `${c.source}/${c.name}`;
  const stated = new Map(bundle.connectors.map((c) => [c.ref, c]));
  const taken = new Set(
    [...setup.connectors.values()].map(({ item }) => key(stated.get(item.ref) ?? item)),
  );
  const first = made.find((connector) => taken.has(key(connector)) || !taken.add(key(connector)));
  return refused(first?.ref ?? made[0]!.ref);
}

export function planConnectors(p: Planner, bundle: ConfigBundle, setup: Setup) {
  p.once('connectors', bundle.connectors, (connector) => connector.ref, 'ref');
  const renamed = new Map(bundle.connectors.map((c) => [c.ref, c.name]));
  const heldByName = new Map(
    [...setup.connectors.values()].map(({ item }) => [`${item.source}/${item.name}`, item.ref]),
  );
  const made: BundleConnector[] = [];
  for (const connector of bundle.connectors) {
    const held = setup.connectors.get(connector.ref);
    const other = heldByName.get(`${connector.source}/${connector.name}`);
    if (other !== undefined && other !== connector.ref && renamed.get(other) === undefined) {
      p.conflict(
        'connectors',
        connector.ref,
        `Connector ${other} here has the same name and source; give one of them another name.`,
      );
      continue;
    }
    if (!held) {
      made.push(connector);
      continue;
    }
    if (held.item.source !== connector.source || held.item.input_type !== connector.input_type) {
      p.conflict(
        'connectors',
        connector.ref,
        `It is ${held.item.source} (${held.item.input_type}) here and ${connector.source} (${connector.input_type}) in the bundle: a connector's source and input type cannot change.`,
      );
      continue;
    }
    const fields = differing(held.item, connector, CONNECTOR_FIELDS);
    p.update('connectors', connector.ref, fields, async ({ trx, log }) => {
      await setImportedConnector(trx, held.id, stored(connector)).catch(refused(connector.ref));
      await log({
        action: 'connector.update',
        resource_type: 'connector',
        resource_id: held.id,
        resource_name: connector.name,
        changes: toldChanges(fields),
      });
    });
  }
  // Made after the updates (a held connector may give its name up first), 500 a statement.
  p.createAll(
    'connectors',
    made,
    (c) => c.ref,
    (chunk) =>
      async ({ trx, ids, log }) => {
        // Which one was refused is worked out only when one was (it reads every connector).
        const madeIds = await insertConnectors(trx, chunk).catch((error: unknown) =>
          refusedAmong(made, bundle, setup)(error),
        );
        for (const connector of chunk) {
          const id = madeIds.get(connector.ref)!;
          ids.connectors.set(connector.ref, id);
          await log({
            action: 'connector.create',
            resource_type: 'connector',
            resource_id: id,
            resource_name: connector.name,
            changes: changesBetween(null, connector),
          });
        }
      },
  );
  if (!bundle.prune?.connectors) return;
  for (const [ref, held] of setup.connectors) {
    if (renamed.has(ref)) continue;
    p.removeRow(
      'connectors',
      ref,
      { ...held, name: held.item.name },
      'connector.delete',
      deleteConnector,
    );
  }
}

/**
 * A pair's access and groups by the attach route's rule (setPairGroups): a
 * group named twice is kept once, a pair given groups is private to them.
 */
async function setPairAccess(trx: Db, id: number, pair: BundlePair, groups: Map<string, number>) {
  await setPairAccessType(trx, id, pair.access_type);
  await setPairGroups(trx, [id], groupIds(pair, groups));
}

const groupIds = (pair: BundlePair, groups: Map<string, number>) =>
  pair.groups.map((name) => groups.get(name)!);

/** New pairs, many a statement; those given the same groups get them together. */
async function makePairs({ trx, ids, log }: StepTools, pairs: readonly BundlePair[]) {
  const rows = pairs.map((pair) => ({
    connector_id: ids.connectors.get(pair.connector)!,
    credential_id: pair.credential === null ? 0 : ids.credentials.get(pair.credential)!,
    access_type: pair.access_type,
  }));
  const made = await insertPairs(trx, rows);
  const byGroups = new Map<string, { groups: number[]; pairIds: number[] }>();
  const logged: [BundlePair, number][] = [];
  pairs.forEach((pair, index) => {
    const id = made.get(`${rows[index]!.connector_id}/${rows[index]!.credential_id}`);
    if (id === undefined) return;
    logged.push([pair, id]);
    const groups = groupIds(pair, ids.groups);
    const same = byGroups.get(JSON.stringify(groups)) ?? { groups, pairIds: [] };
    same.pairIds.push(id);
    byGroups.set(JSON.stringify(groups), same);
  });
  for (const { groups, pairIds } of byGroups.values()) {
    if (groups.length > 0) await setPairGroups(trx, pairIds, groups);
  }
  for (const [pair, id] of logged) {
    await log({
      action: 'cc_pair.create',
      resource_type: 'cc_pair',
      resource_id: id,
      resource_name: pairKey(pair),
      changes: changesBetween(null, pair),
    });
  }
}

/** Plans the pairs; answers the keys of the pairs it leaves out (their credential is not made). */
export function planPairs(
  p: Planner,
  bundle: ConfigBundle,
  setup: Setup,
  unmade: Set<string>,
): Set<string> {
  const left = new Set<string>();
  p.once('pairs', bundle.pairs, pairKey, 'connector');
  const sourceOf = new Map<string, string>();
  for (const { item } of setup.connectors.values()) sourceOf.set(item.ref, item.source);
  for (const item of bundle.connectors) sourceOf.set(item.ref, item.source);
  const credentialSource = new Map<string, string>();
  for (const { item } of setup.credentials.values()) credentialSource.set(item.ref, item.source);
  for (const item of bundle.credentials) credentialSource.set(item.ref, item.source);
  const groupNames = new Set([...setup.groups.keys(), ...bundle.user_groups.map((g) => g.name)]);
  const named = new Set<string>();
  const made: BundlePair[] = [];
  bundle.pairs.forEach((pair, index) => {
    const key = pairKey(pair);
    named.add(key);
    const connectorSource = sourceOf.get(pair.connector);
    const source =
      pair.credential === null ? 'not_applicable' : credentialSource.get(pair.credential);
    if (connectorSource === undefined) {
      p.problem(
        ['pairs', index, 'connector'],
        `No connector ${pair.connector} here or in the bundle`,
      );
    }
    if (source === undefined) {
      p.problem(
        ['pairs', index, 'credential'],
        `No credential ${pair.credential} here or in the bundle`,
      );
    } else if (
      connectorSource !== undefined &&
      !credentialFitsSource(source as DocumentSource, connectorSource as DocumentSource)
    ) {
      p.problem(
        ['pairs', index, 'credential'],
        `Credential ${pair.credential ?? '(none)'} is for source ${source}, but connector ${pair.connector} is ${connectorSource}`,
      );
    }
    pair.groups.forEach((name, at) => {
      if (!groupNames.has(name))
        p.problem(['pairs', index, 'groups', at], `No user group ${name} here or in the bundle`);
    });
    if (pair.credential !== null && unmade.has(pair.credential)) {
      p.skip(
        'pairs',
        key,
        `Credential ${pair.credential} is not here and the bundle gives no values for it: attach it to connector ${pair.connector} once it exists.`,
      );
      left.add(key);
      return;
    }
    const held = setup.pairs.get(key);
    if (!held) {
      made.push(pair);
      return;
    }
    const fields = differing(held.item, pair, ['access_type', 'groups']);
    p.update('pairs', key, fields, async ({ trx, ids, log }) => {
      await setPairAccess(trx, held.id, pair, ids.groups);
      await log({
        action: 'connector.update',
        resource_type: 'cc_pair',
        resource_id: held.id,
        resource_name: key,
        changes: toldChanges(fields),
      });
    });
  });
  p.createAll('pairs', made, pairKey, (chunk) => (tools) => makePairs(tools, chunk));
  if (!bundle.prune?.pairs) return left;
  for (const [key, held] of setup.pairs) {
    if (named.has(key)) continue;
    p.remove('pairs', key, async ({ trx, ids, log }) => {
      const connectorId = ids.connectors.get(held.item.connector)!;
      const credentialId =
        held.item.credential === null ? 0 : ids.credentials.get(held.item.credential)!;
      await deletePair(trx, connectorId, credentialId);
      await log({
        action: 'cc_pair.delete',
        resource_type: 'cc_pair',
        resource_id: held.id,
        resource_name: key,
        changes: changesBetween(held.item, null),
      });
    });
  }
  return left;
}
