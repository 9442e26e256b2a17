// The query keys of connectors and credentials, which change each other's
// lists (a connector names its credentials; a credential, the connectors that
// use it): here, apart from their hooks, so connectors.ts and credentials.ts
// can each invalidate the other's queries without importing each other.

export interface ConnectorFilters {
  credential?: number;
}

export const connectorKeys = {
  all: ['connectors'] as const,
  lists: () => [...connectorKeys.all, 'list'] as const,
  list: (filters: ConnectorFilters) => [...connectorKeys.lists(), filters] as const,
  details: () => [...connectorKeys.all, 'detail'] as const,
  detail: (id: number) => [...connectorKeys.details(), id] as const,
  statuses: () => [...connectorKeys.all, 'status'] as const,
};

export const credentialKeys = {
  all: ['credentials'] as const,
  lists: () => [...credentialKeys.all, 'list'] as const,
  list: () => [...credentialKeys.lists(), {}] as const,
};
