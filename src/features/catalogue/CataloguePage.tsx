// The catalogue (/connectors/new): every source Sourcedesk can connect, the
// popular ones first, then by category. The search box has the focus on
// arrival; it finds a source by name or category, and Enter opens the first.
import { useSearchParams, useNavigate, Link } from 'react-router-dom';
import type { CatalogueSource } from '../../contract/sources/catalogue';
import { needsCredential } from '../../contract/sources/catalogue';
import { useSearchText } from '../../components/SearchField';
import { SourceLabel } from '../../components/SourceLabel';
import { paths } from '../../lib/paths';
import { catalogueOrder } from '../../sources/catalogue';
import { CATEGORIES, type SourcePanel } from '../../sources/types';
import './catalogue.css';

type Entry = [CatalogueSource, SourcePanel];

const matches = (query: string) => {
  const words = query.trim().toLowerCase();
  return ([source, panel]: Entry) =>
    !words ||
    panel.label.toLowerCase().includes(words) ||
    panel.category.toLowerCase().includes(words) ||
    source.includes(words.replaceAll(' ', '_'));
};

function Tile({ entry: [source, panel] }: { entry: Entry }) {
  const needs = needsCredential(source) ? `a ${panel.label} credential` : 'no credential';
  return (
    <li className="catalogue-tile">
      <Link to={paths.newConnector.getHref(source)} className="catalogue-tile-link">
        <SourceLabel source={source} />
      </Link>
      <p className="hint">{panel.summary}</p>
      <p className="catalogue-needs">Needs {needs}.</p>
      <p>
        <a href={panel.docs} target="_blank" rel="noreferrer">
          Setup guide<span className="visually-hidden"> for {panel.label} (opens a new tab)</span>
        </a>
      </p>
    </li>
  );
}

function Group({ id, title, entries }: { id: string; title: string; entries: Entry[] }) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="catalogue-tiles">
        {entries.map((entry) => (
          <Tile key={entry[0]} entry={entry} />
        ))}
      </ul>
    </section>
  );
}

export function CataloguePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [query, type] = useSearchText(params.get('q') ?? '', (text) =>
    setParams(text ? { q: text } : {}, { replace: true, preventScrollReset: true }),
  );
  const found = catalogueOrder().filter(matches(query));

  return (
    <section className="page catalogue" aria-labelledby="catalogue-title">
      <h1 id="catalogue-title">New connector</h1>
      <p>Choose the source to connect. Each one’s wizard asks for what it needs.</p>
      <div className="field">
        <label htmlFor="catalogue-search">Find a source</label>
        <p id="catalogue-search-hint" className="hint">
          By name or category, for example Jira or Messaging; Enter opens the first.
        </p>
        <input
          id="catalogue-search"
          type="search"
          // The page is here to choose a source: the box is where the keyboard starts.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          aria-describedby="catalogue-search-hint catalogue-count"
          value={query}
          onChange={(event) => type(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || !found[0]) return;
            event.preventDefault();
            void navigate(paths.newConnector.getHref(found[0][0]));
          }}
        />
      </div>
      <p id="catalogue-count" role="status">
        {query
          ? found.length === 0
            ? `No source matches “${query}”.`
            : `${found.length} ${found.length === 1 ? 'source matches' : 'sources match'} “${query}”.`
          : ''}
      </p>
      {query ? (
        <Group id="catalogue-found" title="Sources found" entries={found} />
      ) : (
        <>
          <Group
            id="catalogue-popular"
            title="Popular"
            entries={found.filter(([, p]) => p.popular)}
          />
          {CATEGORIES.map((category, index) => (
            <Group
              key={category}
              id={`catalogue-category-${index}`}
              title={category}
              entries={found.filter(([, p]) => !p.popular && p.category === category)}
            />
          ))}
        </>
      )}
    </section>
  );
}
