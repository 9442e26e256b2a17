import { memo, type Ref } from 'react';
import type { ConnectorSnapshot } from '../../contract/contract';
import type { ConnectorHealth } from '../../lib/connectorHealth';
import { COLUMNS, type CredentialNames } from './connectorColumns';

interface ConnectorRowProps {
  connector: ConnectorSnapshot;
  /** Its place in the list (0 first), for aria-rowindex: only some rows are in the page. */
  index: number;
  credentialNames: CredentialNames;
  health: ConnectorHealth | undefined;
  highlight: boolean;
  /** Chosen for a bulk action (the first column's box, as in every list). */
  selected: boolean;
  onSelect: (ids: number[], chosen: boolean) => void;
  rowRef?: Ref<HTMLTableRowElement>;
}

/**
 * Memoized: as the page scrolls, the rows that stay in view are not rendered
 * again (their props are the same values: booleans, the list's one callback and maps).
 */
export const ConnectorRow = memo(function ConnectorRow(props: ConnectorRowProps) {
  const { connector, index, credentialNames, health, highlight, selected, onSelect, rowRef } =
    props;
  const cellId = (key: string) => `connector-${connector.id}-${key}`;
  return (
    // Named by its cells from the connector's name on, not by the "Select …" box that leads it.
    <tr
      ref={rowRef}
      data-index={index}
      aria-rowindex={index + 2}
      aria-labelledby={COLUMNS.map((column) => cellId(column.key)).join(' ')}
      className={highlight ? 'highlight' : undefined}
    >
      <td className="select-cell">
        <input
          type="checkbox"
          className="select-box"
          aria-label={`Select ${connector.name}`}
          checked={selected}
          onChange={(event) => onSelect([connector.id], event.target.checked)}
        />
      </td>
      {COLUMNS.map((column) => (
        // data-label names the value in the narrow layout, where the header row is not above it.
        <td
          key={column.key}
          id={cellId(column.key)}
          data-label={column.label}
          className={`cell-${column.key}${column.narrow ? '' : ' wide-only'}`}
        >
          {column.cell(connector, credentialNames, health)}
        </td>
      ))}
    </tr>
  );
});
