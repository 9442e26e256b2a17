// A group's connectors, each once, with the access its pair has.
import { Link } from 'react-router-dom';
import type { UserGroup } from '../../contract/groups';
import { paths } from '../../lib/paths';
import { sourceLabel } from '../../lib/sources';

const ACCESS_WORDS: Record<string, string> = {
  public: 'Public: every admin and curator sees it',
  private: 'Private to its groups',
  sync: 'Access synced from the source (seen as public)',
};

/** A connector with several pairs in the group is listed once (its first pair's access). */
const oncePerConnector = (pairs: UserGroup['cc_pairs']) =>
  pairs.filter(
    (pair, index) => pairs.findIndex((other) => other.connector.id === pair.connector.id) === index,
  );

export function GroupConnectors({ pairs }: { pairs: UserGroup['cc_pairs'] }) {
  return pairs.length === 0 ? (
    <p>No connectors in this group yet.</p>
  ) : (
    <ul className="group-pairs">
      {oncePerConnector(pairs).map((pair) => (
        <li key={pair.id}>
          <Link to={paths.connector.getHref(pair.connector.id)}>
            {pair.connector.name ?? `Connector ${pair.connector.id}`}
          </Link>{' '}
          ({sourceLabel(pair.connector.source)}) — {ACCESS_WORDS[pair.access_type]}
        </li>
      ))}
    </ul>
  );
}
