// The navigation's count of connectors that need attention: a link
// to the list filtered to them, shown only when there are some. Its own link,
// so the Connectors link keeps its name. It asks only for the pairs that need
// attention, not every pair, and only after the list's first rows: at 10,000
// pairs the server's first build of it takes a core for a second, which the
// browser's first rows need on a small machine (docs/performance.md).
import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router-dom';
import { connectorAttentionQuery } from '../api/connectorHealth';
import { countNeedingAttention } from '../lib/connectorHealth';
import { useAfterFirstRows } from '../lib/firstRows';
import { paths } from '../lib/paths';

export function AttentionLink({ onFollow }: { onFollow: () => void }) {
  const statuses = useQuery({ ...connectorAttentionQuery(), enabled: useAfterFirstRows() });
  const count = statuses.data ? countNeedingAttention(statuses.data) : 0;
  if (count === 0) return null;
  return (
    <li>
      <NavLink
        to={paths.connectors.getHref({ attention: true })}
        className="attention-link"
        onClick={onFollow}
      >
        <span aria-hidden="true">⚠ </span>
        {count} {count === 1 ? 'needs' : 'need'} attention
      </NavLink>
    </li>
  );
}
