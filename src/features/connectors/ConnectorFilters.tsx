// The list's filters. The page keeps them in the address.
import { lazy, Suspense } from 'react';
import { SearchField } from '../../components/SearchField';
import { STATUS_FILTERS, type StatusFilter } from '../../lib/paths';
import { useAfterFirstRows } from '../../lib/firstRows';

// The credential filter's code (its options, their words, the combobox) comes
// after the list's first rows (lib/firstRows.ts); until then its place holds its label.
const CredentialPicker = lazy(async () => ({
  default: (await import('../../components/CredentialPicker')).CredentialPicker,
}));
const CREDENTIAL_FILTER = 'connector-credential-filter';

function CredentialFilterLoading() {
  return (
    <div className="credential-picker field">
      <label htmlFor={CREDENTIAL_FILTER}>Credential</label>
      <input id={CREDENTIAL_FILTER} disabled placeholder="Loading…" />
    </div>
  );
}

const STATUS_WORDS: Record<StatusFilter, string> = { running: 'Running', paused: 'Paused' };

interface ConnectorFiltersProps {
  credential: number | null;
  onCredential: (id: number | null) => void;
  status: StatusFilter | undefined;
  onStatus: (status: StatusFilter | undefined) => void;
  search: string;
  onSearch: (search: string) => void;
}

export function ConnectorFilters({
  credential,
  onCredential,
  status,
  onStatus,
  search,
  onSearch,
}: ConnectorFiltersProps) {
  const afterFirstRows = useAfterFirstRows();
  return (
    <div className="connector-filters">
      {afterFirstRows ? (
        <Suspense fallback={<CredentialFilterLoading />}>
          <CredentialPicker
            id={CREDENTIAL_FILTER}
            label="Credential"
            description="Show only the connectors that use this credential."
            allowAll
            value={credential}
            onChange={onCredential}
          />
        </Suspense>
      ) : (
        <CredentialFilterLoading />
      )}
      <div className="field status-filter">
        <label htmlFor="connector-status-filter">Status</label>
        <select
          id="connector-status-filter"
          value={status ?? ''}
          onChange={(event) =>
            onStatus(STATUS_FILTERS.find((filter) => filter === event.target.value))
          }
        >
          <option value="">All</option>
          {STATUS_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {STATUS_WORDS[filter]}
            </option>
          ))}
        </select>
      </div>
      <SearchField
        id="connector-search"
        label="Search by name"
        value={search}
        onSearch={onSearch}
        className="field search-filter"
      />
    </div>
  );
}
