// Breakers of the connector creation request (D4): each makes a valid body invalid
// on its own field, whatever the other fields hold.
import fc from 'fast-check';
import { ACCESS_TYPES, DOCUMENT_SOURCES, INPUT_TYPES } from '../../src/contract/contract';
import { CONFIG_MAX_BYTES, CONFIG_MAX_DEPTH } from '../../src/contract/rules';
import { breaker, missing } from './bodies';
import { hugeString, nastyString, notA, notOneOf } from './nasty';

function nested(depth: number): object {
  let value: object = {};
  for (let level = 1; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return Array.isArray(value) ? { a: value } : value;
}

export const fieldBreakers = fc.oneof(
  missing('name', 'source', 'input_type', 'connector_specific_config'),
  breaker('name', 'not a string', notA('string')),
  breaker(
    'name',
    'blank',
    fc.string({
      unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u3000', '\ufeff'),
      maxLength: 5,
    }),
  ),
  breaker(
    'name',
    'too long',
    hugeString.map((text) => `a${text}a`),
  ),
  breaker(
    'name',
    'half a surrogate pair',
    fc.constantFrom('\ud800', 'Jira \udfff', '\udc00\ud800'),
  ),
  breaker('source', 'not a source', notOneOf(DOCUMENT_SOURCES)),
  breaker('input_type', 'not an input type', notOneOf(INPUT_TYPES)),
  breaker(
    'access_type',
    'not an access type',
    fc
      .oneof(notA('string'), nastyString(12))
      .filter(
        (value) =>
          typeof value !== 'string' ||
          !(ACCESS_TYPES as readonly string[]).includes(value.toUpperCase()),
      ),
  ),
  breaker('connector_specific_config', 'not an object', notA('object')),
  breaker(
    'connector_specific_config',
    'too deep',
    fc.integer({ min: CONFIG_MAX_DEPTH + 1, max: 3000 }).map(nested),
  ),
  breaker(
    'connector_specific_config',
    'too big',
    fc
      .integer({ min: CONFIG_MAX_BYTES, max: 300_000 })
      .chain((n) =>
        fc.constantFrom({ pad: 'x'.repeat(n) }, { list: Array<number>(n >> 1).fill(0) }),
      ),
  ),
  breaker(
    'connector_specific_config',
    'a number that cannot be kept',
    fc.constantFrom({ id: 2 ** 60 }, { nested: { list: [1, -(2 ** 55)] } }),
  ),
  breaker(
    'refresh_freq',
    'not an integer ≥ 60',
    fc.oneof(notA('integer', { nullable: true }), fc.integer({ min: -(10 ** 9), max: 59 })),
  ),
  breaker(
    'prune_freq',
    'not an integer ≥ 300',
    fc.oneof(notA('integer', { nullable: true }), fc.integer({ min: -(10 ** 9), max: 299 })),
  ),
  breaker(
    'indexing_start',
    'not a date-time',
    fc.oneof(
      notA('string', { nullable: true }),
      fc.constantFrom(
        '2026-01-31',
        '2026-02-30T09:00:00Z',
        '2026-13-01T00:00:00Z',
        'yesterday',
        '',
        'T09:00',
      ),
      nastyString(30).filter((text) => !/\d{4}-/.test(text)),
    ),
  ),
  breaker(
    'groups',
    'not a list of integers',
    fc.oneof(
      notA('array', { nullable: true }),
      fc
        .tuple(fc.array(fc.integer(), { maxLength: 3 }), notA('integer'))
        .map(([list, bad]) => [...list, bad]),
    ),
  ),
);
