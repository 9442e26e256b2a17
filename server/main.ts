// Reads the environment, opens the store, listens, and shuts down cleanly.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, logRedaction } from './app';
import { ConfigError, loadConfig } from './config';
import { MEMORY } from './db/database';
import { openConfiguredStore } from './db/openConfigured';
import { droppedNotice, LogOutput } from './logOutput';
import { StorageError } from './db/storageErrors';
import { prepareStore } from './setup';
import { loadVersionSet } from './versions';
import { mapStacksOf } from './stackMap';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);
/** At shutdown, how long the last log lines may take to be written. */
const SETTLE_LOG_MS = 2000;

mapStacksOf(import.meta.url);

async function main() {
  const config = loadConfig(process.env);
  const { store, release } = await openConfiguredStore(config);
  process.on('exit', release);
  const versions = loadVersionSet(config.versionsFile, store.engine);
  const setup = await prepareStore(store, config);
  const logOutput = new LogOutput();
  process.on('exit', () => logOutput.flushSync());
  const app = await buildApp({
    store,
    versions,
    staticDir: config.staticDir ?? fileURLToPath(new URL('../dist', import.meta.url)),
    logger: { level: config.logLevel, redact: logRedaction, stream: logOutput },
    connectionTest: { hosts: config.sourceApiHosts },
    auditRetentionDays: config.auditRetentionDays,
    sessions: config.sessions,
    publicUrl: config.publicUrl,
    oidc: config.oidc,
    healthWatch: { retestHours: config.retestHours, envWebhookUrl: config.alertWebhookUrl },
    sync: config.sync,
    // A throw-away run keeps its uploads in a temporary folder, gone at exit.
    uploadDir: config.dataDir === MEMORY ? undefined : join(config.dataDir, 'uploads'),
  });
  logOutput.onRecovery((dropped) =>
    app.log.warn({ dropped_lines: dropped }, droppedNotice(dropped)),
  );
  // Installed before the banner is printed: whoever reads the banner may signal
  // at once, and a signal without a handler would kill the process uncleanly.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await app.close();
    await store.close();
    await logOutput.settled(SETTLE_LOG_MS);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });

  const port = (app.server.address() as { port: number }).port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const origin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const lines = ['', `Sourcedesk is running at ${origin}/ (API at ${origin}/api)`];
  if (!LOOPBACK.has(config.host)) {
    lines.push(
      `WARNING: listening on ${config.host}, reachable from other machines, not only this one.`,
    );
  }
  if (setup.adminKey) {
    lines.push(
      `Open the panel, signed in as ${setup.adminEmail}:`,
      `  ${origin}/#key=${setup.adminKey}`,
      'API key for API clients (Authorization: Bearer <key>):',
      `  ${setup.adminKey}`,
    );
  } else if (config.adminApiKey) {
    lines.push(
      `Signed in as ${setup.adminEmail} with the key in ADMIN_API_KEY (not printed): open`,
      `  ${origin}/#key=<that key>`,
    );
  } else {
    lines.push(
      `Using the data in ${config.databaseUrl ? store.engine.replace(':', ' ') : config.dataDir}. Keys are shown only when issued; to get a new one:`,
      `  npm run keys -- issue ${setup.adminEmail}`,
    );
  }
  // The banner goes to stdout too: an output that fails (a full disk) must not end the process.
  process.stdout.on('error', () => {});
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof StorageError ? error.message : error,
  );
  process.exit(1);
});
