// The connector table's columns: what each shows, and what it sorts by.
import type { ReactNode } from 'react';
import { inputTypeWords } from '../../lib/enumWords';
import { Link } from 'react-router-dom';
import type { ConnectorSnapshot } from '../../contract/contract';
import { SourceLabel } from '../../components/SourceLabel';
import { HealthMark } from '../../components/HealthMark';
import type { ConnectorHealth } from '../../lib/connectorHealth';
import { formatDateTime } from '../../lib/format';
import { formatAge } from '../../lib/age';
import { formatFrequency } from '../../lib/frequency';
import { paths, type ListSort } from '../../lib/paths';
import { sourceLabel } from '../../lib/sources';

/**
 * Credential id → how a person knows it ("Jira Cloud — engineering bot"): every
 * credential the caller sees, so an id not in it is one only admins see.
 * Undefined until the credentials are in.
 */
export type CredentialNames = ReadonlyMap<number, string> | undefined;

interface Column {
  key: string;
  label: string;
  /**
   * A width for table-layout: fixed, so virtualized rows never shift the columns;
   * columns without one share what is left.
   */
  width?: string;
  /** Shown in the narrow (phone) card too: name, source, schedule, credentials. */
  narrow: boolean;
  /** false: its header is no sort button (health is sorted by the filter, not the column). */
  sortable?: false;
  sortValue: (connector: ConnectorSnapshot, names: CredentialNames) => string | number;
  /** `health`: from GET /connector-status (undefined until it arrives), in the Health column. */
  cell: (
    connector: ConnectorSnapshot,
    names: CredentialNames,
    health: ConnectorHealth | undefined,
  ) => ReactNode;
}

export type Sort = ListSort;

/** A connector's credentials as words: those the caller sees by name, the others counted. */
const credentialsText = (ids: readonly number[], names: CredentialNames) => {
  // Before the credentials are in: ids only, nothing said of who sees them.
  if (!names) return ids.map((id) => `#${id}`).join(', ');
  const seen = ids.flatMap((id) => {
    const name = names.get(id);
    return name ? [`${name} (#${id})`] : [];
  });
  const hidden = ids.length - seen.length;
  if (hidden > 0) {
    seen.push(
      hidden === 1 ? 'a credential only admins see' : `${hidden} credentials only admins see`,
    );
  }
  return seen.join(', ');
};
/** "never" sorts after every interval. */
const frequencyValue = (seconds: number | null | undefined) => seconds ?? Number.POSITIVE_INFINITY;
const dateCell = (iso: string) => (
  <time dateTime={iso} className="one-line">
    {formatDateTime(iso)}
  </time>
);

export const COLUMNS: Column[] = [
  {
    key: 'name',
    label: 'Name',
    narrow: true,
    sortValue: (c) => c.name,
    cell: (c) => <Link to={paths.connector.getHref(c.id)}>{c.name}</Link>,
  },
  {
    key: 'health',
    label: 'Health',
    width: '9rem',
    narrow: true,
    sortable: false,
    sortValue: () => 0,
    cell: (_c, _names, health) => <HealthMark health={health} />,
  },
  {
    key: 'last_indexed',
    label: 'Last indexed',
    width: '8rem',
    narrow: false,
    sortable: false,
    sortValue: () => 0,
    // D14: only what a worker reported, with its age.
    cell: (_c, _names, health) =>
      health?.indexing?.lastSuccess ? (
        <time dateTime={health.indexing.lastSuccess} className="one-line">
          {formatAge(health.indexing.lastSuccess)}
        </time>
      ) : (
        <span className="hint">Not reported</span>
      ),
  },
  {
    key: 'documents',
    label: 'Documents',
    width: '6.5rem',
    narrow: false,
    sortable: false,
    sortValue: () => 0,
    cell: (_c, _names, health) =>
      health?.indexing?.documents != null ? (
        health.indexing.documents.toLocaleString('en')
      ) : (
        <span className="hint">—</span>
      ),
  },
  {
    key: 'source',
    label: 'Source',
    width: '6.5rem',
    narrow: true,
    sortValue: (c) => sourceLabel(c.source),
    cell: (c) => <SourceLabel source={c.source} />,
  },
  {
    key: 'input_type',
    label: 'Input type',
    width: '7rem',
    narrow: false,
    sortValue: (c) => inputTypeWords(c.input_type),
    cell: (c) => inputTypeWords(c.input_type),
  },
  {
    key: 'refresh_freq',
    label: 'Refresh',
    width: '7.5rem',
    narrow: true,
    sortValue: (c) => frequencyValue(c.refresh_freq),
    cell: (c) => formatFrequency(c.refresh_freq),
  },
  {
    key: 'prune_freq',
    label: 'Prune',
    width: '6.5rem',
    narrow: true,
    sortValue: (c) => frequencyValue(c.prune_freq),
    cell: (c) => formatFrequency(c.prune_freq),
  },
  {
    key: 'credentials',
    label: 'Credentials',
    width: '8.5rem',
    narrow: true,
    sortValue: (c, names) => credentialsText(c.credential_ids, names),
    cell: (c, names) => credentialsText(c.credential_ids, names),
  },
  {
    key: 'time_created',
    label: 'Created',
    width: '10rem',
    narrow: false,
    sortValue: (c) => Date.parse(c.time_created) || 0,
    cell: (c) => dateCell(c.time_created),
  },
  {
    key: 'time_updated',
    label: 'Updated',
    width: '10rem',
    narrow: false,
    sortValue: (c) => Date.parse(c.time_updated) || 0,
    cell: (c) => dateCell(c.time_updated),
  },
];

export const isColumn = (key: string | undefined) =>
  COLUMNS.some((column) => column.key === key && column.sortable !== false);

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A sorted copy; ties keep the server's order (by id). Without a sort, the server's order. */
export function sortConnectors(
  connectors: ConnectorSnapshot[],
  sort: Sort | null,
  names: CredentialNames,
): ConnectorSnapshot[] {
  const column = COLUMNS.find((candidate) => candidate.key === sort?.column);
  if (!sort || !column) return connectors;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const keyed = connectors.map(
    (connector) => [column.sortValue(connector, names), connector] as const,
  );
  keyed.sort(([a, left], [b, right]) => {
    const order =
      typeof a === 'number' && typeof b === 'number'
        ? a === b
          ? 0
          : a < b
            ? -1
            : 1
        : collator.compare(String(a), String(b));
    return order * sign || left.id - right.id;
  });
  return keyed.map(([, connector]) => connector);
}
