// D1, D9: the version endpoints.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VersionSet } from '../../src/contract/contract';
import { startTestServer } from '../support/harness';
import { useTestServer } from '../support/useTestServer';
import { api } from '../support/http';
import { loadVersionSet, RUNNING_VERSION } from '../../server/versions';

const pkg = (await import('../../package.json', { with: { type: 'json' } })).default as {
  version: string;
};

const server = useTestServer();

describe('D9 GET /versions by default', () => {
  it('gives stable, dev and migration, each with four string tags', async () => {
    const response = await api(server, 'GET', '/versions', { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const tags = {
      app: `v${pkg.version}`,
      // the store in use and its version: sqlite:3.x, or postgres:15.x on PostgreSQL
      relational_db: expect.stringMatching(/^(sqlite|postgres):\d+\.\d+/),
      index: 'none',
      proxy: 'none',
    };
    expect(response.json).toEqual({ stable: tags, dev: tags, migration: tags });
    const body = response.json as VersionSet;
    expect(body.migration).toEqual(body.stable);
    expect(Object.keys(body)).toEqual(['stable', 'dev', 'migration']);
  });
});

describe('D1 GET /version', () => {
  it('gives the running server’s tag, v + the package version', async () => {
    const response = await api(server, 'GET', '/version', { key: null });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ backend_version: `v${pkg.version}` });
    expect(RUNNING_VERSION).toBe(`v${pkg.version}`);
  });
});

describe('D9 a configured version set', () => {
  const configured: VersionSet = {
    stable: {
      app: 'v1.2.3',
      relational_db: 'postgres:15.2',
      index: 'vespa:8',
      proxy: 'nginx:1.25',
    },
    dev: {
      app: 'v1.3.0-beta.2',
      relational_db: 'postgres:15.2',
      index: 'vespa:8',
      proxy: 'nginx:1.25',
    },
    migration: {
      app: 'v1.2.3',
      relational_db: 'postgres:15.2',
      index: 'vespa:8',
      proxy: 'nginx:1.25',
    },
  };

  it('is served exactly as configured', async () => {
    const custom = await startTestServer({ versions: configured });
    try {
      const response = await api(custom, 'GET', '/versions', { key: null });
      expect(response.json).toEqual(configured);
    } finally {
      await custom.close();
    }
  });

  it('is read from the JSON file named by configuration; a file of the wrong shape is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sourcedesk-versions-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(configured));
    expect(loadVersionSet(good, 'sqlite:3')).toEqual(configured);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ stable: { app: 1 } }));
    expect(() => loadVersionSet(bad, 'sqlite:3')).toThrow(/SOURCEDESK_VERSIONS_FILE/);
    expect(loadVersionSet(undefined, 'sqlite:3').stable.relational_db).toBe('sqlite:3');
  });
});
