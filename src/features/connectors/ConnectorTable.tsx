// A real <table>, so screen readers read a table; on a narrow screen CSS lays
// each row out as a card (ConnectorsPage.css). A long list renders only the
// rows in view (VirtualRows); its code is fetched only for a list that long,
// and only once the first rows are on the screen. The page itself scrolls,
// never a box inside it.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ConnectorSnapshot } from '../../contract/contract';
import type { ConnectorHealth } from '../../lib/connectorHealth';
import { COLUMNS, type CredentialNames, type Sort } from './connectorColumns';
import { ConnectorRow } from './ConnectorRow';

/** Up to this many rows are simply rendered; past it, only those in view. */
const VIRTUAL_FROM = 150;
/**
 * A long list's first render: the rows a window of this height shows (a row
 * is at least 36 px tall in either layout), at most 40 (about 20 show at
 * 1280×900). Rendering 150 there cost React and the layout of the table about
 * 0.7 s in a loaded Chromium profile of the 10,000 list; the rows under the
 * window wait for the virtualizer, a frame later.
 */
const firstScreen = () => Math.min(40, Math.ceil(window.innerHeight / 36));
const VirtualRows = lazy(() => import('./VirtualRows'));

export interface ConnectorTableProps {
  rows: ConnectorSnapshot[];
  credentialNames: CredentialNames;
  /** Each connector's health by id (empty until the statuses arrive). */
  health: ReadonlyMap<number, ConnectorHealth>;
  sort: Sort | null;
  onSort: (sort: Sort) => void;
  /** A connector to bring into view and mark (the one just created). */
  highlightId?: number;
  caption: string;
  /** The connectors chosen for a bulk action (the first column's boxes). */
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], chosen: boolean) => void;
}

/** The header's box: ticked when every row is, mixed when some are. */
function SelectAll({ rows, selected, onSelect }: ConnectorTableProps) {
  const chosen = rows.filter((row) => selected.has(row.id)).length;
  return (
    <input
      type="checkbox"
      className="select-box"
      aria-label={`Select all ${rows.length} listed connectors`}
      checked={chosen > 0 && chosen === rows.length}
      ref={(box) => {
        if (box) box.indeterminate = chosen > 0 && chosen < rows.length;
      }}
      onChange={(event) =>
        onSelect(
          rows.map((row) => row.id),
          event.target.checked,
        )
      }
    />
  );
}

export function ConnectorTable(props: ConnectorTableProps) {
  const { rows, sort, onSort, caption } = props;
  const long = rows.length >= VIRTUAL_FROM;
  const firstRows = <PlainRows {...props} rows={rows.slice(0, firstScreen())} />;
  // The first rows of a long list show at once; the virtualizer follows a frame later.
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!long || painted) return;
    const frame = requestAnimationFrame(() => setPainted(true));
    return () => cancelAnimationFrame(frame);
  }, [long, painted]);
  const toggle = (column: string) =>
    onSort({
      column,
      direction:
        sort?.column === column && sort.direction === 'ascending' ? 'descending' : 'ascending',
    });
  return (
    <table
      // The column the list is sorted by is always shown (ConnectorsPage.css).
      className={`connector-table${sort ? ` sorted-by-${sort.column}` : ''}`}
      aria-rowcount={rows.length + 1}
    >
      <caption className="visually-hidden">{caption}</caption>
      <colgroup>
        <col className="select-column" />
        {COLUMNS.map((column) => (
          <col
            key={column.key}
            className={`col-${column.key}`}
            style={column.width ? { width: column.width } : undefined}
          />
        ))}
      </colgroup>
      <thead>
        <tr aria-rowindex={1}>
          <th scope="col" className="select-cell">
            <SelectAll {...props} />
          </th>
          {COLUMNS.map((column) => {
            const sorted = sort?.column === column.key ? sort.direction : undefined;
            return (
              <th
                key={column.key}
                scope="col"
                aria-sort={sorted}
                className={`cell-${column.key}${column.narrow ? '' : ' wide-only'}`}
              >
                {column.sortable === false ? (
                  column.label
                ) : (
                  <button type="button" className="sort-button" onClick={() => toggle(column.key)}>
                    {column.label}
                    <span aria-hidden="true" className="sort-mark">
                      {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                    </span>
                  </button>
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      {!long ? (
        <PlainRows {...props} />
      ) : painted ? (
        <Suspense fallback={firstRows}>
          <VirtualRows {...props} />
        </Suspense>
      ) : (
        firstRows
      )}
    </table>
  );
}

function PlainRows({
  rows,
  credentialNames,
  health,
  highlightId,
  selected,
  onSelect,
}: ConnectorTableProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  const highlighted = rows.some((row) => row.id === highlightId);
  useEffect(() => {
    if (highlighted)
      body.current?.querySelector('.highlight')?.scrollIntoView?.({ block: 'center' });
  }, [highlighted]);
  return (
    <tbody ref={body}>
      {rows.map((connector, index) => (
        <ConnectorRow
          key={connector.id}
          connector={connector}
          index={index}
          credentialNames={credentialNames}
          health={health.get(connector.id)}
          highlight={connector.id === highlightId}
          selected={selected.has(connector.id)}
          onSelect={onSelect}
        />
      ))}
    </tbody>
  );
}
