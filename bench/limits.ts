// Every step of the bench has a time limit: a step that hangs (an in-page
// `page.evaluate` has none of its own, and a browser or server can sit idle
// for ever) fails the run naming itself, instead of leaving the bench idle.

/** The bench's own error: which step passed its limit. */
export class StepTimeout extends Error {
  constructor(
    readonly step: string,
    readonly limitMs: number,
  ) {
    super(`bench step "${step}" did not finish within ${Math.round(limitMs / 1000)} s`);
  }
}

/** `work`'s value, or a StepTimeout naming `step` once `limitMs` has passed. */
export async function within<T>(step: string, limitMs: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StepTimeout(step, limitMs)), limitMs);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}
