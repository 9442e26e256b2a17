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

export function PairAccess({ pair }: { pair: ConnectorPair }) {
  const groups = useQuery(groupNamesQuery());
  const names = new Map((groups.data ?? []).map((g) => [g.id, g.name]));
  return <div className="hint">Access: {pairAccessWords(pair, names)}.</div>;
}
