// D3: a body that is not JSON is reported at the character where parsing
// failed. JSON.parse does not say where on every Node release, so this finds
// the place itself (iteratively, so deep nesting cannot overflow the stack).
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

class SyntaxAt {
  constructor(readonly offset: number) {}
}

/** The offset of the first syntax error in `text`, or -1 when it is valid JSON. */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const stack: ('{' | '[')[] = [];
  const skip = () => {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++;
  };
  const fail = (): never => {
    throw new SyntaxAt(i);
  };
  const expect = (char: string) => {
    skip();
    if (text[i] !== char) fail();
    i++;
  };
  const string = () => {
    expect('"');
    for (;;) {
      const c = text[i];
      if (c === undefined || c < ' ') fail();
      if (c === '"') return void i++;
      if (c === '\\') {
        const next = text[i + 1];
        if (next === 'u' && HEX4.test(text.slice(i + 2, i + 6))) i += 6;
        else if (next !== undefined && ESCAPES.has(next)) i += 2;
        else return fail();
      } else i++;
    }
  };
  /** Reads one scalar, or opens a container; returns true when a value is complete. */
  const valueStart = (): boolean => {
    skip();
    const c = text[i];
    if (c === '{' || c === '[') {
      i++;
      skip();
      if (text[i] === (c === '{' ? '}' : ']')) return (i++, true);
      stack.push(c);
      if (c === '{') {
        string();
        expect(':');
      }
      return false;
    }
    if (c === '"') return (string(), true);
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, i)) return ((i += literal.length), true);
    }
    NUMBER.lastIndex = i;
    if (NUMBER.test(text)) return ((i = NUMBER.lastIndex), true);
    return fail();
  };
  try {
    for (;;) {
      if (!valueStart()) continue;
      // A value is complete: close containers or move to the next item.
      for (;;) {
        skip();
        const top = stack[stack.length - 1];
        if (top === undefined) {
          if (i < text.length) fail();
          return -1;
        }
        if (text[i] === (top === '{' ? '}' : ']')) {
          i++;
          stack.pop();
          continue;
        }
        expect(',');
        if (top === '{') {
          string();
          expect(':');
        }
        break;
      }
    }
  } catch (error) {
    if (error instanceof SyntaxAt) return error.offset;
    throw error;
  }
}
