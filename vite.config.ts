import { defineConfig, type ViteUserConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { postgresForTests } from './test/support/postgresForTests.ts';
import { panelRoutes } from './scripts/panelRoutes.ts';
import { sourceLabels } from './scripts/sourceLabels.ts';
import { panelChunks } from './scripts/panelChunks.ts';

const apiTarget = process.env.SOURCEDESK_DEV_API ?? 'http://127.0.0.1:8080';

/** Test files whose subject is SQLite itself (its files, pragmas, its lock); the rest run on both stores. */
const SQLITE_ONLY = [
  'test/api/disk-full.test.ts',
  'test/api/storage-outage.test.ts',
  'test/api/read-cache.test.ts',
  'test/api/concurrency.test.ts',
  'test/api/logs.test.ts',
];

export default defineConfig(async ({ mode }): Promise<ViteUserConfig> => {
  // Only a test run looks for PostgreSQL (vitest's mode is "test").
  const postgres = mode === 'test' ? await postgresForTests() : null;
  return {
    plugins: [react(), panelRoutes(), sourceLabels(), panelChunks()],
    // The panel's zod is jitless (src/lib/jitlessZod.ts); tests share the contract with the server.
    resolve:
      mode === 'test'
        ? {}
        : { alias: [{ find: /^zod\/mini$/, replacement: '/src/lib/jitlessZod.ts' }] },
    server: { host: '127.0.0.1', proxy: { '/api': apiTarget } },
    // No source maps in the served folder: they would hand out the panel's full source.
    build: {
      outDir: 'dist',
      sourcemap: false,
      // Everything the entry loads before it runs is one chunk: every page
      // loads it anyway, and as one file it weighs 4 KB (gzip) less than as the
      // eight the automatic split made of it (the client, the route table,
      // react's runtime, the query hooks…), which the connectors list's path
      // carried before its first rows (docs/performance.md).
      rolldownOptions: {
        output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
      },
    },
    test: {
      environment: 'node',
      setupFiles: ['src/test/setup.ts'],
      pool: 'forks',
      testTimeout: 20_000,
      // `npm run test:fast` runs unit + api (the inner loop); `npm run test:unit` all four.
      projects: [
        // Pure functions of the panel, the contract, the server, the bench and the scripts.
        {
          extends: true as const,
          test: {
            name: 'unit',
            include: [
              'src/**/*.test.ts',
              'server/**/*.test.ts',
              'bench/**/*.test.ts',
              'scripts/**/*.test.ts',
              'test/docs/**/*.test.ts',
            ],
          },
        },
        // The API over real HTTP on an in-process server, and generated bad input.
        {
          extends: true as const,
          test: {
            name: 'api',
            include: ['test/api/**/*.test.ts', 'test/fuzz/**/*.test.ts'],
          },
        },
        // The same suite on PostgreSQL, when one is reachable (always under CI).
        ...(postgres
          ? [
              {
                extends: true as const,
                test: {
                  name: 'api-pg',
                  include: [
                    'test/api/**/*.test.ts',
                    'test/fuzz/**/*.test.ts',
                    'test/postgres/**/*.test.ts',
                  ],
                  exclude: SQLITE_ONLY,
                  // Only this project's test servers run on PostgreSQL (test/support/harness.ts).
                  env: { SOURCEDESK_TEST_STORE_URL: postgres },
                },
              },
            ]
          : []),
        // Components in jsdom against the real in-process server.
        { extends: true as const, test: { name: 'panel', include: ['src/**/*.test.tsx'] } },
        // The worker (npm run worker): its source readers against fake sources on
        // 127.0.0.1, and the worker's process against the real server.
        {
          extends: true as const,
          test: { name: 'worker', include: ['test/worker/**/*.test.ts'] },
        },
        // The server as a real child process: start, shutdown, logs, crashes.
        {
          extends: true as const,
          test: { name: 'process', include: ['test/process/**/*.test.ts'] },
        },
      ],
    },
  };
});
