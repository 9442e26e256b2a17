// The query keys of connectors and credentials, which change each other's
// lists (a connector names its credentials; a credential, the connectors that
// use it), and of the activity log, which every change adds to: here, apart
// from their hooks, so each hook module can invalidate the others' queries.

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
  /** Only the pairs that need attention (under statuses: refreshed with them). */
  attention: () => [...connectorKeys.statuses(), { needs_attention: true }] as const,
};

export const credentialKeys = {
  all: ['credentials'] as const,
  lists: () => [...credentialKeys.all, 'list'] as const,
  list: () => [...credentialKeys.lists(), {}] as const,
  /** Its approved origins (D15). */
  origins: (id: number) => [...credentialKeys.all, 'origins', id] as const,
};

/** The activity log's filters, as the API reads them (all text, as in the address). */
/** The activity log's filters, as its query string takes them (one schema: src/contract/auditQuery.ts). */
import type { AuditFilters } from '../contract/auditQuery';
export type { AuditFilters };

/** Here with the others: every change anywhere writes a record, so any may refresh these. */
export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (filters: AuditFilters) => [...auditKeys.lists(), filters] as const,
  /** One resource's last few records (its page's "Recent changes"). */
  recent: (resourceType: string, resourceId: string) =>
    [...auditKeys.all, 'recent', resourceType, resourceId] as const,
};
