import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.SOURCEDESK_DEV_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', proxy: { '/api': apiTarget } },
  // No source maps in the served folder: they would hand out the panel's full source.
  build: { outDir: 'dist', sourcemap: false },
  test: {
    environment: 'node',
    setupFiles: ['src/test/setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    // `npm run test:fast` runs unit + api (the inner loop); `npm run test:unit` all four.
    projects: [
      // Pure functions of the panel, the contract and the server.
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'server/**/*.test.ts'] },
      },
      // The API over real HTTP on an in-process server, and generated bad input.
      {
        extends: true,
        test: { name: 'api', include: ['test/api/**/*.test.ts', 'test/fuzz/**/*.test.ts'] },
      },
      // Components in jsdom against the real in-process server.
      { extends: true, test: { name: 'panel', include: ['src/**/*.test.tsx'] } },
      // The server as a real child process: start, shutdown, logs, crashes.
      { extends: true, test: { name: 'process', include: ['test/process/**/*.test.ts'] } },
    ],
  },
});
