// A real <table> whose <tbody> holds only the rows in view, between two spacer
// rows, so 10,000 connectors scroll smoothly and screen readers still read a table.
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { ConnectorSnapshot } from '../../api/contract';
import { COLUMNS, type CredentialNames, type Sort } from './connectorColumns';

/** A row's height at the usual width (the dates take two lines), until one is measured. */
const FIRST_ROW_HEIGHT = 62;
const HEADER_HEIGHT = 42;

interface ConnectorTableProps {
  rows: ConnectorSnapshot[];
  credentialNames: CredentialNames;
  sort: Sort | null;
  onSort: (sort: Sort) => void;
  /** A connector to bring into view and mark (the one just created). */
  highlightId?: number;
  caption: string;
  /** The connectors chosen for a bulk action (the last column's boxes). */
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], chosen: boolean) => void;
}

/** The header's box: ticked when every row is, mixed when some are. */
function SelectAll(props: {
  rows: ConnectorSnapshot[];
  selected: ReadonlySet<number>;
  onSelect: ConnectorTableProps['onSelect'];
}) {
  const { rows, selected, onSelect } = props;
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
  const { rows, credentialNames, sort, onSort, highlightId, caption, selected, onSelect } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  // Rows not yet rendered are estimated at the height rows really have here (the
  // last one measured): an estimate that is off moves every row below a row
  // that comes into view, and scrolling far then stalls on those corrections.
  const rowHeight = useRef(FIRST_ROW_HEIGHT);
  // The virtualizer hands back functions that change on every render, so nothing
  // here may be memoized around them (the lint rule warns of that; this project
  // does not run the React Compiler).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight.current,
    measureElement: (element, entry, instance) => {
      const height = measureElement(element, entry, instance);
      if (height > 0) rowHeight.current = height;
      return height;
    },
    paddingStart: HEADER_HEIGHT,
    overscan: 8,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const highlightIndex = rows.findIndex((row) => row.id === highlightId);
  useEffect(() => {
    if (highlightIndex >= 0) virtualizer.scrollToIndex(highlightIndex, { align: 'center' });
  }, [highlightIndex, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const before = items.length ? items[0]!.start - HEADER_HEIGHT : 0;
  const after = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const spacer = (height: number) =>
    height > 0 && (
      <tr aria-hidden="true" className="spacer">
        <td colSpan={COLUMNS.length + 1} style={{ height }} />
      </tr>
    );
  const toggle = (column: string) =>
    onSort({
      column,
      direction:
        sort?.column === column && sort.direction === 'ascending' ? 'descending' : 'ascending',
    });

  return (
    <div
      ref={scrollRef}
      className="connector-table-scroll"
      // A scrolling region is reachable by keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table aria-rowcount={rows.length + 1}>
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          {COLUMNS.map((column) => (
            <col key={column.key} style={{ width: column.width }} />
          ))}
          <col style={{ width: '4%' }} />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => {
              const sorted = sort?.column === column.key ? sort.direction : undefined;
              return (
                <th key={column.key} scope="col" aria-sort={sorted}>
                  <button type="button" className="sort-button" onClick={() => toggle(column.key)}>
                    {column.label}
                    <span aria-hidden="true" className="sort-mark">
                      {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
            <th scope="col" className="select-cell">
              <SelectAll rows={rows} selected={selected} onSelect={onSelect} />
            </th>
          </tr>
        </thead>
        <tbody>
          {spacer(before)}
          {items.map((item) => {
            const connector = rows[item.index]!;
            return (
              <tr
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className={connector.id === highlightId ? 'highlight' : undefined}
              >
                {COLUMNS.map((column) => (
                  <td key={column.key}>{column.cell(connector, credentialNames)}</td>
                ))}
                <td className="select-cell">
                  <input
                    type="checkbox"
                    className="select-box"
                    aria-label={`Select ${connector.name}`}
                    checked={selected.has(connector.id)}
                    onChange={(event) => onSelect([connector.id], event.target.checked)}
                  />
                </td>
              </tr>
            );
          })}
          {spacer(after)}
        </tbody>
      </table>
    </div>
  );
}
