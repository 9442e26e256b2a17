// The worker's log: one line each, its time first, in words an operator reads.
// Only our own words go in (names, counts, the source's reasons): never a key,
// a credential or a request's headers.
export interface Log {
  info(line: string): void;
  error(line: string): void;
}

export const consoleLog: Log = {
  info: (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`),
  error: (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`),
};
