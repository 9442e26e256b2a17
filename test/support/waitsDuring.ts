// How other requests fare while one long request runs: `GET /api/version` sent
// every `everyMs` (without waiting for the last answer, as a health check
// does) for as long as `work` runs. The export test and the bench's export row
// use it; the test counts the answers, the bench reports the longest wait.
export interface WaitsDuring<T> {
  result: T;
  /** Probes answered 200 before `work` finished. */
  answeredDuring: number;
  /** Probes sent while `work` ran. */
  sent: number;
  /** The longest time a probe waited for its answer, in ms (those still out at the end included). */
  longestWaitMs: number;
  /** Answers other than 200 (their status), and requests that failed (the error's words). */
  failures: string[];
}

export async function waitsDuring<T>(
  origin: string,
  work: () => Promise<T>,
  everyMs = 20,
): Promise<WaitsDuring<T>> {
  let workDone = false;
  let answeredDuring = 0;
  const failures: string[] = [];
  let longestWaitMs = 0;
  const probes: Promise<void>[] = [];
  const probe = async () => {
    const sentAt = performance.now();
    const status = await fetch(`${origin}/api/version`).then(
      async (response) => (await response.arrayBuffer(), String(response.status)),
      (error: Error) => `${error.message} (${String((error.cause as Error | undefined)?.message)})`,
    );
    longestWaitMs = Math.max(longestWaitMs, performance.now() - sentAt);
    if (status !== '200') failures.push(status);
    else if (!workDone) answeredDuring += 1;
  };
  const timer = setInterval(() => probes.push(probe()), everyMs);
  let result: T;
  try {
    result = await work();
  } finally {
    workDone = true;
    clearInterval(timer);
  }
  const sent = probes.length;
  await Promise.all(probes);
  return { result, answeredDuring, sent, longestWaitMs, failures };
}
