// D4: config numbers are stored as sent, or refused. JSON.parse turns a number
// too small for a double (1e-400, or 0. and 330 zeros and a 7) into 0 without a
// word, and afterwards nothing tells it from a 0 that was sent: only the text
// can. So the text's number literals are read here, and each one that is not
// zero but parsed to zero is marked NaN in the parsed body (a value JSON can
// never produce), which the contract's numberProblem refuses at its path.
import { MAX_PROBLEMS } from '../../src/contract/rules';

type Path = (string | number)[];

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** Only text with a negative exponent or a long run of zeros after a point can underflow. */
const MAY_UNDERFLOW = /\d[eE]-\d|\.0{300}/;

const underflows = (literal: string) =>
  Number(literal) === 0 && /[1-9]/.test(literal.split(/[eE]/)[0] ?? '');

/** Where the string that opens at `start` ends (just past its closing quote). */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    let slashes = 0;
    while (text[quote - 1 - slashes] === '\\') slashes++;
    if (slashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The paths of the number literals in valid JSON `text` that parse to 0 but are not 0. */
export function underflowPaths(text: string, limit = MAX_PROBLEMS): Path[] {
  if (!MAY_UNDERFLOW.test(text)) return [];
  const found: Path[] = [];
  const path: Path = []; // the key or index of each open object or list
  const inList: boolean[] = [];
  let keyNext = false;
  for (let i = 0; i < text.length && found.length < limit;) {
    const c = text[i]!;
    if (c === '{' || c === '[') {
      inList.push(c === '[');
      path.push(c === '[' ? 0 : '');
      keyNext = c === '{';
      i++;
    } else if (c === '}' || c === ']') {
      inList.pop();
      path.pop();
      i++;
    } else if (c === ',') {
      if (inList.at(-1)) path[path.length - 1] = (path.at(-1) as number) + 1;
      else keyNext = true;
      i++;
    } else if (c === '"') {
      const end = stringEnd(text, i);
      if (keyNext) path[path.length - 1] = JSON.parse(text.slice(i, end)) as string;
      keyNext = false;
      i = end;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      NUMBER.test(text);
      if (underflows(text.slice(i, NUMBER.lastIndex))) found.push([...path]);
      i = NUMBER.lastIndex;
    } else i++; // white space, ':', true, false, null
  }
  return found;
}

/** Marks each underflowed number of `value` (parsed from `text`) as NaN. */
export function markUnderflows(text: string, value: unknown) {
  for (const path of underflowPaths(text)) {
    let container = value;
    for (const key of path.slice(0, -1)) {
      container = (container as Record<string | number, unknown> | null)?.[key];
    }
    const last = path.at(-1);
    // A key sent twice keeps its last value, which need not be the one marked.
    if (typeof container === 'object' && container !== null && last !== undefined) {
      const record = container as Record<string | number, unknown>;
      if (Object.hasOwn(record, last) && record[last] === 0) record[last] = Number.NaN;
    }
  }
}
