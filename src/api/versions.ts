import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { backendVersionSchema, versionSetSchema } from '../contract/answers';

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

export const latestVersionsQuery = () =>
  queryOptions({
    queryKey: versionKeys.latest(),
    queryFn: ({ signal }) =>
      apiRequest({ path: '/versions', schema: versionSetSchema, authenticated: false, signal }),
    ...hourly,
  });

export const runningVersionQuery = () =>
  queryOptions({
    queryKey: versionKeys.running(),
    queryFn: ({ signal }) =>
      apiRequest({ path: '/version', schema: backendVersionSchema, authenticated: false, signal }),
    ...hourly,
  });

export const useLatestVersions = () => useQuery(latestVersionsQuery());
export const useRunningVersion = () => useQuery(runningVersionQuery());
