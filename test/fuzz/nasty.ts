// Generators of hostile values, each guaranteed to break the rule it is named
// after (D3, D4), whatever else the request holds.
import fc from 'fast-check';

/** Characters that trip parsers and encoders: NUL, lone surrogates, emoji, bidi, BOM. */
const SPECIAL = [
  '\u0000',
  '\ud800',
  '\udfff',
  '😀',
  '👩‍👩‍👧',
  '\u202e',
  '\ufeff',
  '"',
  '\\',
  '\n',
  'é',
  '%',
];
const nastyUnit = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);

export const nastyString = (maxLength = 40) => fc.string({ unit: nastyUnit, maxLength });

/** From empty to far past every string limit, but under the 1 MiB body limit. */
export const hugeString = fc
  .tuple(fc.integer({ min: 201, max: 200_000 }), fc.constantFrom('x', 'é', '😀', '\u0000'))
  .map(([length, unit]) => unit.repeat(length));

/** JSON values of every type but one, for wrong-type breakers; null only where null is refused. */
export const notA = (
  type: 'string' | 'integer' | 'boolean' | 'array' | 'object',
  { nullable = false } = {},
) =>
  fc
    .oneof(
      nastyString(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
      fc.dictionary(nastyString(8), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    )
    .filter((value) => {
      if (value === null) return !nullable;
      if (type === 'integer') return !Number.isInteger(value);
      if (type === 'array') return !Array.isArray(value);
      if (type === 'object') return typeof value !== 'object' || Array.isArray(value);
      return typeof value !== type;
    });

/** Text that is not an integer as D3 reads one: not /^-?\d+$/, or beyond 2^53. */
export const notIntegerText = fc.oneof(
  nastyString(20).filter((text) => text !== '' && !/^-?\d+$/.test(text)),
  fc.constantFrom(
    '1.5',
    '1e3',
    '0x10',
    ' 1',
    '1 ',
    '+1',
    '-',
    '--1',
    'NaN',
    'null',
    '١',
    '１',
    'Infinity',
  ),
  fc.bigInt({ min: 2n ** 53n, max: 10n ** 30n }).map((n) => (n % 2n ? `-${n}` : `${n}`)),
);

/** Percent escapes that are not valid UTF-8, or not escapes at all. */
export const badPercent = fc.constantFrom('%zz', '%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF');

/** A value as it may stand in a URL: percent-encoded when it can be, raw escapes otherwise. */
export function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be encoded: send its code units' hex as text instead.
    return encodeURIComponent(
      text.replace(/[\ud800-\udfff]/g, (c) => `u${c.charCodeAt(0).toString(16)}`),
    );
  }
}

/** JSON text whose value is not an object → dict_type. */
export const jsonNotObject = fc.oneof(
  fc
    .jsonValue({ maxDepth: 3 })
    .filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))
    .map((value) => JSON.stringify(value)),
  fc.integer({ min: 1, max: 100_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
);

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Bytes that are not JSON once read as UTF-8 (as the server reads them) → json_invalid. */
export const notJson = (validBody: string) =>
  fc
    .oneof(
      fc.nat({ max: Math.max(0, validBody.length - 1) }).map((cut) => validBody.slice(0, cut)),
      nastyString(60),
      fc.integer({ min: 1, max: 100_000 }).map((depth) => '{"a":' + '['.repeat(depth)),
      fc.constantFrom("{'a': 1}", '{"a": 1,}', 'nul', '{"a" 1}', '<xml/>', 'a=1&b=2'),
      fc.uint8Array({ minLength: 1, maxLength: 64 }),
    )
    .map((value) => new Uint8Array(typeof value === 'string' ? Buffer.from(value, 'utf8') : value))
    .filter((bytes) => bytes.length > 0 && !isJson(Buffer.from(bytes).toString('utf8')));

/** A media type that is not application/json (parameters aside) → 415 for a body. */
export const wrongContentType = fc.oneof(
  fc.constantFrom(
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonx',
    'text/json',
    'application/json-patch+json',
    'application/xml',
    'application/octet-stream',
  ),
  fc
    .tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.stringMatching(/^[a-z0-9.+-]{1,12}$/))
    .map(([type, subtype]) => `${type}/${subtype}`)
    .filter((type) => type !== 'application/json'),
);

/** Anything but one of `values`: other types, other text, the right word in the wrong case. */
export const notOneOf = (values: readonly string[]) =>
  fc.oneof(
    notA('string'),
    nastyString(30).filter((text) => !values.includes(text)),
    fc
      .constantFrom(...values)
      .chain((value) =>
        fc.constantFrom(
          value.toUpperCase(),
          ` ${value}`,
          `${value}\u0000`,
          `${value[0]!.toUpperCase()}${value.slice(1)}`,
        ),
      ),
    hugeString,
  );
