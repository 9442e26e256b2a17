// The directory's view in the address (search, status and page), read by the
// directory and by the entry's prefetch (usersPrefetch.ts), so both ask for the
// same page with the same query key.
import type { UserFilters } from '../../api/users';

/** People per page of the directory. */
export const PAGE_SIZE = 10;

/** The status filter (`status` in the address) and the directory's `is_active`. */
export const STATUSES = {
  all: { label: 'All users', active: undefined },
  active: { label: 'Active', active: true },
  deactivated: { label: 'Deactivated', active: false },
} as const;
export type Status = keyof typeof STATUSES;
export const statusOf = (text: string | null): Status =>
  text !== null && text in STATUSES ? (text as Status) : 'all';

/** The address's view: its search, status and page, and the directory read they make. */
export function directoryView(params: URLSearchParams): {
  q: string;
  status: Status;
  page: number;
  filters: UserFilters;
} {
  const q = params.get('q') ?? '';
  const status = statusOf(params.get('status'));
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  return {
    q,
    status,
    page,
    filters: { q, page, pageSize: PAGE_SIZE, active: STATUSES[status].active },
  };
}
