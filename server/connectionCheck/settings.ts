// The limits of a connection test (docs/api.md, "Testing a connection"); tests
// shorten the times, and point the fixed API hosts at stand-ins.
import { DEFAULT_SOURCE_API_HOSTS, type SourceApiHosts } from './hosts';

export interface ConnectionTestSettings {
  /** Time one check may take, its redirects and body included. */
  checkMs: number;
  /** Time a whole test may take, all its checks together. */
  totalMs: number;
  /** Tests one user may run per window; null for no limit. */
  limit: { tests: number; windowMs: number } | null;
  hosts: SourceApiHosts;
}

const DEFAULT_CONNECTION_TEST_SETTINGS: ConnectionTestSettings = {
  checkMs: 10_000,
  totalMs: 20_000,
  limit: { tests: 20, windowMs: 60_000 },
  hosts: DEFAULT_SOURCE_API_HOSTS,
};

export type ConnectionTestOptions = Partial<Omit<ConnectionTestSettings, 'hosts'>> & {
  hosts?: Partial<SourceApiHosts>;
};

export const connectionTestSettings = (
  options: ConnectionTestOptions = {},
): ConnectionTestSettings => ({
  ...DEFAULT_CONNECTION_TEST_SETTINGS,
  ...options,
  hosts: { ...DEFAULT_SOURCE_API_HOSTS, ...options.hosts },
});

/** "10 seconds", "300 ms": a limit as a message says it. */
export const duration = (ms: number) =>
  ms % 1000 === 0 ? `${ms / 1000} second${ms === 1000 ? '' : 's'}` : `${ms} ms`;
