// The activity log in the panel: its query keys, options and hook.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditPageSchema } from './audit';
import { apiDownload, apiRequest } from './client';
import { saveFile } from '../lib/saveFile';

export interface AuditFilters {
  action?: string;
  actor?: string;
  resource_type?: string;
  cursor?: string;
}

export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (filters: AuditFilters) => [...auditKeys.lists(), filters] as const,
};

export const auditPageQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest({ path: '/admin/audit', query: { ...filters }, schema: auditPageSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useAuditPage = (filters: AuditFilters) => useQuery(auditPageQuery(filters));

/**
 * The export of the same filter, saved as a file. A plain link cannot carry the
 * key, so it is fetched with it and handed to the browser as a download.
 */
export async function downloadAuditExport(filters: AuditFilters, format: 'ndjson' | 'csv') {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value && name !== 'cursor') query.set(name, value);
  }
  if (format === 'csv') query.set('format', 'csv');
  saveFile(await apiDownload(`/admin/audit/export?${query.toString()}`), `activity.${format}`);
}
