// RFC 7644 §3.4.2.2 filters, parsed into a small tree: `userName eq "a@b.c"`,
// `externalId eq "…" and active eq true`, `members[value eq "…"]`, `not (…)`.
// Our own parser rather than scimmy's (docs/scim.md, "Why our own parser"): scimmy
// 1.3.5 accepts `userName eq "x" and` and `userName eq` without a word, and
// refuses a value with an escaped quote, which RFC 7159 strings allow.
import { SCIM_MAX_FILTER_LENGTH } from '../../src/contract/scim';
import { badRequest } from './errors';

export const COMPARE_OPS = ['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'lt', 'ge', 'le'] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];
export type FilterValue = string | number | boolean | null;

export type Filter =
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter }
  | { kind: 'compare'; path: string; op: CompareOp; value: FilterValue }
  | { kind: 'present'; path: string }
  /** `members[value eq "…"]`: `path` is the multi-valued attribute, `filter` on its sub-attributes. */
  | { kind: 'valuePath'; path: string; filter: Filter };

type Token =
  | { type: 'word'; text: string; at: number }
  | { type: 'string'; value: string; at: number }
  | { type: 'punct'; text: '(' | ')' | '[' | ']'; at: number };

const invalid = (detail: string) => badRequest(`Invalid filter: ${detail}`, 'invalidFilter');

const WORD = /[A-Za-z0-9_.:$+-]/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === '(' || c === ')' || c === '[' || c === ']') {
      tokens.push({ type: 'punct', text: c, at: i });
      i++;
    } else if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (end >= text.length) throw invalid(`the string at ${i} has no closing quote`);
      let value: unknown;
      try {
        value = JSON.parse(text.slice(i, end + 1));
      } catch {
        throw invalid(`the string at ${i} is not a valid JSON string`);
      }
      tokens.push({ type: 'string', value: value as string, at: i });
      i = end + 1;
    } else if (WORD.test(c)) {
      let end = i;
      while (end < text.length && WORD.test(text[end]!)) end++;
      tokens.push({ type: 'word', text: text.slice(i, end), at: i });
      i = end;
    } else {
      throw invalid(`unexpected character '${c}' at ${i}`);
    }
  }
  return tokens;
}

const ATTR_PATH =
  /^(?:urn:[A-Za-z0-9:._-]+:)?[A-Za-z$][A-Za-z0-9_$-]*(?:\.[A-Za-z$][A-Za-z0-9_$-]*)?$/;

class Parser {
  private at = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly depth = { now: 0 },
  ) {}

  parse(): Filter {
    const filter = this.or();
    const extra = this.tokens[this.at];
    if (extra) throw invalid(`unexpected '${describe(extra)}' at ${extra.at}`);
    return filter;
  }

  private peekWord(): string | undefined {
    const token = this.tokens[this.at];
    return token?.type === 'word' ? token.text.toLowerCase() : undefined;
  }

  private or(): Filter {
    let left = this.and();
    while (this.peekWord() === 'or') {
      this.at++;
      left = { kind: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): Filter {
    let left = this.factor();
    while (this.peekWord() === 'and') {
      this.at++;
      left = { kind: 'and', left, right: this.factor() };
    }
    return left;
  }

  private nested(close: ')' | ']'): Filter {
    if (++this.depth.now > 20) throw invalid('too deeply nested');
    const inner = this.or();
    this.depth.now--;
    this.expect(close);
    return inner;
  }

  private expect(text: string) {
    const token = this.tokens[this.at];
    if (token?.type !== 'punct' || token.text !== text) {
      throw invalid(token ? `expected '${text}' at ${token.at}` : `expected '${text}' at the end`);
    }
    this.at++;
  }

  private factor(): Filter {
    const token = this.tokens[this.at];
    if (!token) throw invalid('an expression is missing at the end');
    if (token.type === 'punct' && token.text === '(') {
      this.at++;
      return this.nested(')');
    }
    if (this.peekWord() === 'not') {
      this.at++;
      this.expect('(');
      return { kind: 'not', filter: this.nested(')') };
    }
    if (token.type !== 'word' || !ATTR_PATH.test(token.text)) {
      throw invalid(`expected an attribute at ${token.at}`);
    }
    this.at++;
    const path = token.text;
    const next = this.tokens[this.at];
    if (next?.type === 'punct' && next.text === '[') {
      this.at++;
      return { kind: 'valuePath', path, filter: this.nested(']') };
    }
    const op = this.peekWord();
    if (op === 'pr') {
      this.at++;
      return { kind: 'present', path };
    }
    if (!op || !(COMPARE_OPS as readonly string[]).includes(op)) {
      throw invalid(next ? `expected an operator at ${next.at}` : `'${path}' needs an operator`);
    }
    this.at++;
    return { kind: 'compare', path, op: op as CompareOp, value: this.value() };
  }

  private value(): FilterValue {
    const token = this.tokens[this.at];
    if (!token) throw invalid('a value is missing at the end');
    this.at++;
    if (token.type === 'string') return token.value;
    if (token.type === 'word') {
      const word = token.text.toLowerCase();
      if (word === 'true') return true;
      if (word === 'false') return false;
      if (word === 'null') return null;
      if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(token.text)) return Number(token.text);
    }
    throw invalid(
      `expected a value (a quoted string, a number, true, false or null) at ${token.at}`,
    );
  }
}

const describe = (token: Token) =>
  token.type === 'string' ? JSON.stringify(token.value) : token.text;

/** The filter's tree; 400 invalidFilter (in words) for text that is not one. */
export function parseFilter(text: string): Filter {
  if (text.length > SCIM_MAX_FILTER_LENGTH) {
    throw invalid(`longer than ${SCIM_MAX_FILTER_LENGTH} characters`);
  }
  const tokens = tokenize(text);
  if (tokens.length === 0) throw invalid('it is empty');
  return new Parser(tokens).parse();
}

/** The filter as text again (the property tests' round trip). */
export function printFilter(filter: Filter): string {
  switch (filter.kind) {
    case 'and':
    case 'or':
      return `(${printFilter(filter.left)} ${filter.kind} ${printFilter(filter.right)})`;
    case 'not':
      return `not (${printFilter(filter.filter)})`;
    case 'present':
      return `${filter.path} pr`;
    case 'valuePath':
      return `${filter.path}[${printFilter(filter.filter)}]`;
    case 'compare':
      return `${filter.path} ${filter.op} ${JSON.stringify(filter.value)}`;
  }
}

/** An attribute's name as compared: its core schema's URN left out, letter case ignored. */
export function attributeName(path: string): string {
  const lower = path.toLowerCase();
  for (const urn of [
    'urn:ietf:params:scim:schemas:core:2.0:user:',
    'urn:ietf:params:scim:schemas:core:2.0:group:',
  ]) {
    if (lower.startsWith(urn)) return lower.slice(urn.length);
  }
  return lower;
}
