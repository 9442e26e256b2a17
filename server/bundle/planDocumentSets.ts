// An import's document sets, by name: their groups by name and their pairs by
// their connector's and credential's refs. A pair named must be in the bundle
// or held here (and not pruned); a set one of whose pairs the import leaves out
// (its credential has no values) is left out too, to be imported again later.
import type { BundleDocumentSet, ConfigBundle } from '../../src/contract/configBundle';
import { changesBetween } from '../audit/recorder';
import type { Db } from '../db/database';
import { pairIdsOf } from '../repos/connectors';
import {
  deleteSet,
  insertSet,
  replaceSetGroups,
  replaceSetPairs,
  updateSet,
} from '../repos/documentSets';
import { differing, toldChanges, type Ids, type Planner } from './planParts';
import { byText, pairKey, type Setup } from './setup';

/** The set with its lists in the order an export writes them, so that order alone is no change. */
const normal = (set: BundleDocumentSet): BundleDocumentSet => ({
  ...set,
  groups: [...new Set(set.groups)].sort(byText),
  pairs: [...set.pairs].sort((a, b) => byText(pairKey(a), pairKey(b))),
});

/** The pair ids and group ids of a set, once every earlier step has made what it names. */
async function idsOf(trx: Db, ids: Ids, set: BundleDocumentSet) {
  const pairIds = await pairIdsOf(
    trx,
    set.pairs.map((pair) => ({
      connector_id: ids.connectors.get(pair.connector)!,
      credential_id: pair.credential === null ? 0 : ids.credentials.get(pair.credential)!,
    })),
  );
  return { pairIds, groupIds: set.groups.map((name) => ids.groups.get(name)!) };
}

export function planDocumentSets(
  p: Planner,
  bundle: ConfigBundle,
  setup: Setup,
  skippedPairs: ReadonlySet<string>,
) {
  p.once('document_sets', bundle.document_sets, (set) => set.name, 'name');
  const groupNames = new Set([...setup.groups.keys(), ...bundle.user_groups.map((g) => g.name)]);
  const pairKeys = new Set(bundle.pairs.map(pairKey));
  if (!bundle.prune?.pairs) for (const key of setup.pairs.keys()) pairKeys.add(key);
  const named = new Set<string>();
  bundle.document_sets.forEach((sent, index) => {
    const set = normal(sent);
    named.add(set.name);
    sent.groups.forEach((name, at) => {
      if (!groupNames.has(name)) {
        p.problem(
          ['document_sets', index, 'groups', at],
          `No user group ${name} here or in the bundle`,
        );
      }
    });
    sent.pairs.forEach((pair, at) => {
      if (!pairKeys.has(pairKey(pair))) {
        p.problem(
          ['document_sets', index, 'pairs', at],
          `No pair ${pairKey(pair)} here or in the bundle`,
        );
      }
    });
    const left = set.pairs.map(pairKey).find((key) => skippedPairs.has(key));
    if (left !== undefined) {
      p.skip('document_sets', set.name, `Pair ${left} is left out: import the set once it exists.`);
      return;
    }
    const held = setup.documentSets.get(set.name);
    if (!held) {
      p.create('document_sets', set.name, async ({ trx, ids, log }) => {
        const id = (await insertSet(trx, set, null))!;
        const { pairIds, groupIds } = await idsOf(trx, ids, set);
        await replaceSetPairs(trx, id, pairIds);
        await replaceSetGroups(trx, id, groupIds);
        await log({
          action: 'document_set.create',
          resource_type: 'document_set',
          resource_id: id,
          resource_name: set.name,
          changes: changesBetween(null, set),
        });
      });
      return;
    }
    const fields = differing(held.item, set, ['description', 'is_public', 'groups', 'pairs']);
    p.update('document_sets', set.name, fields, async ({ trx, ids, log }) => {
      // Its name is the one it is held by: never another set's.
      await updateSet(trx, held.id, set);
      const { pairIds, groupIds } = await idsOf(trx, ids, set);
      await replaceSetPairs(trx, held.id, pairIds);
      await replaceSetGroups(trx, held.id, groupIds);
      await log({
        action: 'document_set.update',
        resource_type: 'document_set',
        resource_id: held.id,
        resource_name: set.name,
        changes: toldChanges(fields),
      });
    });
  });
  if (!bundle.prune?.document_sets) return;
  for (const [name, held] of setup.documentSets) {
    if (named.has(name)) continue;
    p.removeRow('document_sets', name, { ...held, name }, 'document_set.delete', deleteSet);
  }
}
