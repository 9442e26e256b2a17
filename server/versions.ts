// D9: the version set comes from a JSON file when one is configured; by default
// every group names the running version.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { versionSetSchema, type VersionSet } from '../src/contract/contract';
import { ConfigError } from './config';

const pkg = JSON.parse(
  readFileSync(fileURLToPath(new globalThis.URL('../package.json', import.meta.url)), 'utf8'),
) as {
  version: string;
};

/** D1: the running server's own tag. */
export const RUNNING_VERSION = `v${pkg.version}`;

export function defaultVersionSet(engine: string): VersionSet {
  const tags = { app: RUNNING_VERSION, relational_db: engine, index: 'none', proxy: 'none' };
  return { stable: tags, dev: { ...tags }, migration: { ...tags } };
}

export function loadVersionSet(file: string | undefined, engine: string): VersionSet {
  if (!file) return defaultVersionSet(engine);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`SOURCEDESK_VERSIONS_FILE ${file}: ${(error as Error).message}`);
  }
  const result = versionSetSchema.safeParse(json);
  if (!result.success) {
    const where = result.error.issues.map((issue) => issue.path.join('.') || '(top)').join(', ');
    throw new ConfigError(
      `SOURCEDESK_VERSIONS_FILE ${file} must hold {"stable","dev","migration"}, each with string app, relational_db, index and proxy; wrong at: ${where}`,
    );
  }
  return result.data;
}
