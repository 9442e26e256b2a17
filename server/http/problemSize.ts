// A 422 is never larger than the request's body or 4 KiB, whichever is larger
// (docs/security.md, "At most 100 problems"). D3 lists every problem, and each short
// wrong value can earn a long one (a 536-byte body once got 18,302 bytes): an
// answer many times the request would make the server an amplifier. So the
// problems are listed in order while they fit, and a last one, at the same
// root of `loc`, says how many more were found: the first ones stay exact, and
// a client fixing them learns of the rest on its next try.
import type { ValidationError } from '../../src/contract/contract';

/** The room a 422 always has, however small the request (several problems fit). */
export const PROBLEMS_FLOOR_BYTES = 4096;

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

const moreNote = (count: number, root: string | number): ValidationError => ({
  loc: [root],
  msg:
    `${count} more problem${count === 1 ? ' was' : 's were'} found but not listed, to keep ` +
    'this answer no larger than the request: fix these and send it again to see them.',
  type: 'value_error',
});

/** `problems`, cut to fit the larger of the floor and `requestBytes` as `{"detail": [...]}`. */
export function fitProblems(problems: ValidationError[], requestBytes: number): ValidationError[] {
  const limit = Math.max(PROBLEMS_FLOOR_BYTES, requestBytes);
  const sizes = problems.map(bytes);
  const frame = bytes({ detail: [] });
  const whole = frame + sizes.reduce((sum, size) => sum + size + 1, -1);
  if (whole <= limit) return problems;
  const root = problems[0]?.loc[0] ?? 'body';
  // Room for the note with the largest count it could carry, and its comma.
  const noteRoom = bytes(moreNote(problems.length, root)) + 1;
  let used = frame + noteRoom;
  let kept = 0;
  while (kept < problems.length && used + sizes[kept]! + 1 <= limit) {
    used += sizes[kept]! + 1;
    kept++;
  }
  return [...problems.slice(0, kept), moreNote(problems.length - kept, root)];
}
