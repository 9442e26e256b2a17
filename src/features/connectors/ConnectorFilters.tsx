// The list's filters. The page keeps them in the address; the search box keeps
// what is typed itself too, so each key shows at once while the address follows.
import { useState } from 'react';
import { CredentialPicker } from '../../components/CredentialPicker';
import { STATUS_FILTERS, type StatusFilter } from '../../lib/paths';

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
  const [typed, setTyped] = useState(search);
  const [fromAddress, setFromAddress] = useState(search);
  if (search !== fromAddress) {
    // The address changed by other means (back, a link): it wins.
    setFromAddress(search);
    setTyped(search);
  }
  return (
    <div className="connector-filters">
      <CredentialPicker
        id="connector-credential-filter"
        label="Credential"
        description="Show only the connectors that use this credential."
        allowAll
        value={credential}
        onChange={onCredential}
      />
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
      <div className="field search-filter">
        <label htmlFor="connector-search">Search by name</label>
        <input
          id="connector-search"
          type="search"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            onSearch(event.target.value);
          }}
        />
      </div>
    </div>
  );
}
