// Where the PostgreSQL half of the API suite runs (the `api-pg` project): the
// database in SOURCEDESK_TEST_DATABASE_URL, or the one `.ci/run` makes on this
// machine. Without a reachable PostgreSQL the half is skipped, and says so;
// under CI it is never skipped: an unreachable database fails the run.
import pg from 'pg';

export const DEFAULT_TEST_DATABASE_URL =
  'postgres://sourcedesk:sourcedesk@127.0.0.1:5432/sourcedesk_test';

export async function postgresForTests(env = process.env): Promise<string | null> {
  const url = env.SOURCEDESK_TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (error) {
    const where = new URL(url).host;
    const why = (error as { code?: string }).code ?? (error as Error).message;
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
  } finally {
    await client.end().catch(() => {});
  }
}
