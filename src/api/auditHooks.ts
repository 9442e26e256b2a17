// The activity log in the panel: its query options and hooks (keys: queryKeys.ts).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_CHANGES_COUNT } from '../contract/audit';
import type { ExportFormat } from '../contract/auditQuery';
import { routes } from './routes';
import { apiDownload, apiRequest } from './client';
import { saveFile } from '../lib/saveFile';
import { auditKeys, type AuditFilters } from './queryKeys';

const { exportAudit, listAudit } = routes;

export type { AuditFilters };

export const auditPageQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal }) => apiRequest(listAudit, { query: { ...filters }, signal }),
    placeholderData: keepPreviousData,
  });

export const useAuditPage = (filters: AuditFilters) => useQuery(auditPageQuery(filters));

export const recentChangesQuery = (resourceType: string, resourceId: string) =>
  queryOptions({
    queryKey: auditKeys.recent(resourceType, resourceId),
    queryFn: ({ signal }) =>
      apiRequest(listAudit, {
        query: {
          resource_type: resourceType,
          resource_id: resourceId,
          limit: RECENT_CHANGES_COUNT,
        },
        signal,
      }),
  });

/** One resource's last records; asked only when `enabled` (an admin, the list open). */
export const useRecentChanges = (resourceType: string, resourceId: string, enabled: boolean) =>
  useQuery({ ...recentChangesQuery(resourceType, resourceId), enabled });

/**
 * The export of the same filter, saved as a file. A plain link cannot carry the
 * key, so it is fetched with it and handed to the browser as a download.
 */
export async function downloadAuditExport(filters: AuditFilters, format: ExportFormat) {
  const { cursor: _page, ...filter } = filters;
  const query = { ...filter, format: format === 'csv' ? format : undefined };
  saveFile(await apiDownload(exportAudit, { query }), `activity.${format}`);
}
