// An import's connectors and pairs, by ref. A connector's source
// and input type never change (a conflict); a name another connector has
// here is a conflict too. A pair whose credential will not exist is skipped:
// its connector is imported unfinished (D10), to be attached later.
import type { BundleConnector, BundlePair, ConfigBundle } from '../../src/contract/configBundle';
import { DUPLICATE_CONNECTOR_REFUSAL, type DocumentSource } from '../../src/contract/contract';
import { credentialFitsSource } from '../../src/contract/rules';
import { changesBetween } from '../audit/recorder';
import { isDuplicateConnector } from '../db/constraints';
import type { Db } from '../db/database';
import { problem } from '../http/problems';
import { deleteConnector, deletePair, insertConnector, insertPair } from '../repos/connectors';
import { nextTimeUpdated } from '../repos/timeUpdated';
import { differing, toldChanges, type Planner } from './planParts';
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

export function planConnectors(p: Planner, bundle: ConfigBundle, setup: Setup) {
  p.once('connectors', bundle.connectors, (connector) => connector.ref, 'ref');
  const renamed = new Map(bundle.connectors.map((c) => [c.ref, c.name]));
  const heldByName = new Map(
    [...setup.connectors.values()].map(({ item }) => [`${item.source}/${item.name}`, item.ref]),
  );
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
      p.create('connectors', connector.ref, async ({ trx, ids, log }) => {
        const id = await insertConnector(
          trx,
          { ...connector, groups: [] } as Parameters<typeof insertConnector>[1],
          null, // imported by an admin: D13's "made it" matters only for curators
          connector.ref,
        ).catch(refused(connector.ref));
        if (connector.paused) {
          await trx
            .updateTable('connectors')
            .set({ status: 'PAUSED' })
            .where('id', '=', id)
            .execute();
        }
        ids.connectors.set(connector.ref, id);
        await log({
          action: 'connector.create',
          resource_type: 'connector',
          resource_id: id,
          resource_name: connector.name,
          changes: changesBetween(null, connector),
        });
      });
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
      await trx
        .updateTable('connectors')
        .set({
          ...stored(connector),
          time_updated: await nextTimeUpdated(trx, 'connectors', held.id),
        })
        .where('id', '=', held.id)
        .execute()
        .catch(refused(connector.ref));
      await log({
        action: 'connector.update',
        resource_type: 'connector',
        resource_id: held.id,
        resource_name: connector.name,
        changes: toldChanges(fields),
      });
    });
  }
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

async function setPairAccess(trx: Db, id: number, pair: BundlePair, groups: Map<string, number>) {
  await trx
    .updateTable('connector_credential_pairs')
    .set({ access_type: pair.access_type })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('pair_groups').where('pair_id', '=', id).execute();
  if (pair.groups.length > 0) {
    await trx
      .insertInto('pair_groups')
      .values(pair.groups.map((name) => ({ pair_id: id, group_id: groups.get(name)! })))
      .execute();
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
      p.create('pairs', key, async ({ trx, ids, log }) => {
        const connectorId = ids.connectors.get(pair.connector)!;
        const id = (await insertPair(
          trx,
          connectorId,
          pair.credential === null ? 0 : ids.credentials.get(pair.credential)!,
        ))!;
        await setPairAccess(trx, id, pair, ids.groups);
        await log({
          action: 'cc_pair.create',
          resource_type: 'cc_pair',
          resource_id: id,
          resource_name: key,
          changes: changesBetween(null, pair),
        });
      });
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
