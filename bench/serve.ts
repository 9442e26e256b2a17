// The server as `npm start` runs it (file-backed store, D12 settings, logs at the
// configured level), but serving the bench's own build. Run as a child process,
// so that its memory can be read from /proc and it has a core to itself.
// Prints one line `listening <port>` when ready; SIGTERM closes it cleanly.
import { buildApp, logRedaction } from '../server/app';
import { loadConfig } from '../server/config';
import { openStore } from '../server/db/database';
import { defaultVersionSet } from '../server/versions';

const staticDir = process.env.BENCH_STATIC_DIR ?? null;
const config = loadConfig(process.env);
const store = await openStore(config.dataDir);
const app = await buildApp({
  store,
  versions: defaultVersionSet(store.engine),
  staticDir,
  logger: { level: config.logLevel, redact: logRedaction },
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => store.close())
    .then(() => process.exit(0));
});
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as { port: number };
process.stderr.write(`listening ${port}\n`);
