// D13: who sees a connector–credential pair, in words: public, or private to
// its groups (named where the caller may know them, numbered otherwise).
import { useQuery } from '@tanstack/react-query';
import { groupNamesQuery } from '../../api/groupHooks';
import type { ConnectorPair } from '../../contract/contract';

export function pairAccessWords(pair: ConnectorPair, names: ReadonlyMap<number, string>) {
  if (pair.access_type !== 'private') return 'Public: everyone with admin rights sees it';
  if (pair.groups.length === 0) return 'Private to no group: only admins see it';
  const named = pair.groups.map((id) => names.get(id) ?? `group #${id}`);
  return `Private to ${named.length === 1 ? 'group' : 'groups'} ${named.join(', ')}`;
}

/**
 * Who sees the connector, as its summary says it: from its pairs when it has
 * any (the connector's own `access_type` is Onyx's field and stays `PUBLIC`
 * whatever its pairs say), its own field otherwise.
 */
export function connectorAccessWords(
  pairs: readonly ConnectorPair[],
  fallback: string,
  names: ReadonlyMap<number, string>,
) {
  if (pairs.length === 0) return fallback;
  const said = [...new Set(pairs.map((pair) => pairAccessWords(pair, names)))];
  return said.join('; ');
}

export function ConnectorAccess({
  pairs,
  fallback,
}: {
  pairs: readonly ConnectorPair[];
  fallback: string;
}) {
  const groups = useQuery({
    ...groupNamesQuery(),
    enabled: pairs.some((p) => p.access_type === 'private'),
  });
  const names = new Map((groups.data ?? []).map((g) => [g.id, g.name]));
  return <>{connectorAccessWords(pairs, fallback, names)}</>;
}

export function PairAccess({ pair }: { pair: ConnectorPair }) {
  const groups = useQuery(groupNamesQuery());
  const names = new Map((groups.data ?? []).map((g) => [g.id, g.name]));
  return <div className="hint">Access: {pairAccessWords(pair, names)}.</div>;
}
