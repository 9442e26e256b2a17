import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { routes } from './routes';

const { getVersion, getVersions } = routes;

const HOUR = 60 * 60 * 1000;

export const versionKeys = {
  all: ['versions'] as const,
  latest: () => [...versionKeys.all, 'latest'] as const,
  running: () => [...versionKeys.all, 'running'] as const,
};

/**
 * D9: checked at most hourly, sent with no Authorization header; a failed
 * check shows nothing and is simply tried again at the next interval.
 */
const hourly = { staleTime: HOUR, refetchInterval: HOUR, retry: false } as const;
/**
 * Not what a page holds: a check that has not answered yet hides only the
 * banner, so it never makes a page say it cannot show its content (ServerReach).
 * Asked without a session (D9): signing out keeps them, and a check that
 * leaves while the session ends is not refused.
 */
const beside = { meta: { besideThePage: true, withoutSession: true } } as const;

export const latestVersionsQuery = () =>
  queryOptions({
    queryKey: versionKeys.latest(),
    queryFn: ({ signal }) => apiRequest(getVersions, { signal }),
    ...hourly,
    ...beside,
  });

export const runningVersionQuery = () =>
  queryOptions({
    queryKey: versionKeys.running(),
    queryFn: ({ signal }) => apiRequest(getVersion, { signal }),
    ...hourly,
    ...beside,
  });

export const useLatestVersions = () => useQuery(latestVersionsQuery());
export const useRunningVersion = () => useQuery(runningVersionQuery());
