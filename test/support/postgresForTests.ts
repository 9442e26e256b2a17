// Where the PostgreSQL half of the API suite runs (the `api-pg` project): the
// database in SOURCEDESK_TEST_DATABASE_URL, or the one `.ci/run` makes on this
// machine. Without a reachable PostgreSQL the half is skipped, and says so;
// under CI it is never skipped: an unreachable database fails the run.
import pg from 'pg';

export const DEFAULT_TEST_DATABASE_URL =
  'postgres://sourcedesk:sourcedesk@127.0.0.1:5432/sourcedesk_test';

/** Runs one statement (making or dropping a database of its own) as the URL's user. */
export async function onPostgres(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Why the database at `url` does not answer, or null when it does. */
export async function whyUnreachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Set once the first process of a run has looked, so its test workers (which load the config again) do not ask or say it again. */
const PROBED = 'SOURCEDESK_TEST_POSTGRES_PROBED';

export async function postgresForTests(env = process.env): Promise<string | null> {
  if (env[PROBED] !== undefined) return env[PROBED] || null;
  const url = env.SOURCEDESK_TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const why = await whyUnreachable(url);
  env[PROBED] = why === null ? url : '';
  if (why === null) return url;
  const where = new URL(url).host;
  if (env.CI) {
    throw new Error(
      `CI runs the API suite on PostgreSQL too, but the database at ${where} cannot be reached (${why}). ` +
        'Start it (.ci/run does: pg_ctlcluster 15 main start) or set SOURCEDESK_TEST_DATABASE_URL.',
    );
  }
  console.warn(
    `\nSKIPPED: the API suite on PostgreSQL (project api-pg): no database at ${where} (${why}).\n` +
      '  Start PostgreSQL and make the test database as .ci/run does to run it here.\n',
  );
  return null;
}
