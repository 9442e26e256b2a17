// `npm run worker`: the reference worker, a process beside the server (or on
// another machine) that claims Sourcedesk's sync jobs and reads the sources
// (docs/worker.md). SIGTERM or SIGINT: the running jobs end after their batch
// as `interrupted` (the next run resumes from their checkpoint), then it exits.
import { WorkerClient } from './client';
import { consoleLog } from './log';
import { readSettings, SettingsProblem } from './settings';
import { Worker } from './worker';

let settings;
try {
  settings = readSettings(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof SettingsProblem)) throw error;
  consoleLog.error(`The worker did not start. ${error.message}`);
  process.exit(2);
}

const worker = new Worker(new WorkerClient(settings.server, settings.key), settings, consoleLog);
let signals = 0;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    signals += 1;
    if (signals > 1) {
      consoleLog.error(
        `${signal} again: stopping at once; running jobs stay in progress until the server's stall rule`,
      );
      process.exit(1);
    }
    consoleLog.info(`${signal} received: finishing the current batches, then stopping`);
    worker.stop();
  });
}

worker.run().then(
  () => process.exit(0),
  (error: unknown) => {
    consoleLog.error(
      `The worker stopped on an unexpected error: ${(error as Error)?.stack ?? error}`,
    );
    process.exit(1);
  },
);
