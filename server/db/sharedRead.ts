// A read that concurrent callers share, without any of them getting an answer
// older than its own call: one read on its way at a time; whoever asks while it
// is on its way gets the next one, begun after it ends (so after their call) and
// shared by everyone who asks meanwhile. On PostgreSQL the revision read before
// each request goes this way: under load one round trip serves many requests,
// and a write answered before a request was sent still counts for it (D5).
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = () => {
    const current = read();
    running = current;
    const done = () => {
      if (running === current) running = null;
    };
    current.then(done, done);
    return current;
  };
  return () => {
    if (!running) return start();
    if (!queued) {
      queued = running
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          queued = null;
          return start();
        });
    }
    return queued;
  };
}
