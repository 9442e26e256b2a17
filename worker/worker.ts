// The worker's loop, as Elastic's connector service runs: check in at the
// interval the server answers, claim while a slot is free and jobs wait (at
// most `concurrency` at once, only the sources it reads), run each job, and on
// stop() claim no more, let each running job end after its batch
// (`interrupted`) and return once all have reported.
import { claimJob, workerCheckIn } from '../src/contract/endpoints/worker';
import type { ClaimedJob } from '../src/contract/sync';
import { ServerError, type WorkerClient } from './client';
import { runJob } from './job';
import type { Log } from './log';
import type { WorkerSettings } from './settings';

export const WORKER_VERSION = '0.1.0';
/** When the server has not answered a check-in, the next try comes after this long. */
const OFFLINE_RETRY_MS = 5000;

export class Worker {
  private readonly running = new Set<Promise<unknown>>();
  private stopRequested = false;
  private wake: () => void = () => {};
  private nextCheckIn = 0;
  private intervalMs = 30_000;
  private serverDown = false;

  constructor(
    private readonly client: WorkerClient,
    private readonly settings: WorkerSettings,
    private readonly log: Log,
  ) {}

  /** Ask the worker to stop: no more claims; running jobs end after their batch. */
  stop() {
    this.stopRequested = true;
    this.wake();
  }

  private async checkIn(): Promise<number> {
    const answer = await this.client.call(workerCheckIn, {
      body: {
        worker_id: this.settings.workerId,
        hostname: this.settings.hostname,
        version: WORKER_VERSION,
        sources: this.settings.sources,
      },
    });
    if (this.serverDown) this.log.info('The server answers again');
    this.serverDown = false;
    this.intervalMs = Math.max(1, answer!.check_in_interval_seconds) * 1000;
    this.nextCheckIn = Date.now() + this.intervalMs;
    return answer!.jobs_waiting;
  }

  private async claim(): Promise<ClaimedJob | null> {
    return this.client.call(claimJob, {
      body: { worker_id: this.settings.workerId, sources: this.settings.sources },
    });
  }

  private start(job: ClaimedJob) {
    const run = runJob(this.client, job, this.settings, this.log, {
      stopping: () => this.stopRequested,
    })
      .catch((error: unknown) =>
        this.log.error(`Job ${job.id} could not report to the server: ${(error as Error).message}`),
      )
      .finally(() => {
        this.running.delete(run);
        this.wake();
      });
    this.running.add(run);
  }

  /** Runs until stop(); resolves when every running job has reported. */
  async run(): Promise<void> {
    this.log.info(
      `Worker ${this.settings.workerId} started: server ${this.settings.server}, up to ${this.settings.concurrency} jobs at once, sources ${this.settings.sources.join(', ')}`,
    );
    let mayWait = true;
    while (!this.stopRequested) {
      let waiting = 0;
      try {
        if (Date.now() >= this.nextCheckIn) waiting = await this.checkIn();
        // Claim while a slot is free; a job just ended may have left others waiting.
        while (!this.stopRequested && this.running.size < this.settings.concurrency) {
          if (waiting === 0 && !mayWait) break;
          const job = await this.claim();
          if (!job) break;
          this.start(job);
        }
      } catch (error) {
        if (!(error instanceof ServerError)) throw error;
        if (error.status === 401) {
          this.log.error(
            'The server refused the worker key (401): it was revoked or mistyped. Stopping.',
          );
          this.stopRequested = true;
          break;
        }
        if (!this.serverDown) {
          this.log.info(`The server did not answer (${error.message}); trying again`);
        }
        this.serverDown = true;
        this.nextCheckIn = Date.now() + Math.min(OFFLINE_RETRY_MS, this.intervalMs);
      }
      mayWait = false;
      // Until the next check-in, a job's end (a slot is free again) or stop().
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, this.nextCheckIn - Date.now()));
        this.wake = () => {
          clearTimeout(timer);
          mayWait = true;
          resolve();
        };
      });
    }
    if (this.running.size > 0) {
      this.log.info(`Stopping: ${this.running.size} running job(s) end after their current batch`);
    }
    await Promise.all([...this.running]);
    this.log.info(`Worker ${this.settings.workerId} stopped`);
  }
}
