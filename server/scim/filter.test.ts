// The SCIM filter parser (RFC 7644 §3.4.2.2): property tests. Any tree printed
// parses back to itself; any text either parses or is refused as a 400
// invalidFilter, never another error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Problem } from '../http/problems';
import { COMPARE_OPS, parseFilter, printFilter, type Filter } from './filter';

const attribute = fc.constantFrom(
  'userName',
  'externalId',
  'active',
  'emails.value',
  'displayName',
  'id',
);
const value = fc.oneof(fc.string(), fc.boolean(), fc.constant(null), fc.nat());

const filter: fc.Arbitrary<Filter> = fc.letrec<{ filter: Filter }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      kind: fc.constant('compare' as const),
      path: attribute,
      op: fc.constantFrom(...COMPARE_OPS),
      value,
    }),
    fc.record({ kind: fc.constant('present' as const), path: attribute }),
    fc.record({
      kind: fc.constantFrom('and' as const, 'or' as const),
      left: tie('filter'),
      right: tie('filter'),
    }),
    fc.record({ kind: fc.constant('not' as const), filter: tie('filter') }),
    fc.record({
      kind: fc.constant('valuePath' as const),
      path: fc.constant('members'),
      filter: fc.record({
        kind: fc.constant('compare' as const),
        path: fc.constant('value'),
        op: fc.constant('eq' as const),
        value: fc.string(),
      }),
    }),
  ),
})).filter;

describe('parseFilter', () => {
  it('parses every printed filter back to the same tree', () => {
    fc.assert(
      fc.property(filter, (tree) => {
        expect(parseFilter(printFilter(tree))).toEqual(tree);
      }),
    );
  });

  it('refuses any other text as 400 invalidFilter, never with another error', () => {
    const near = fc.array(
      fc.constantFrom(
        'userName',
        'eq',
        'and',
        'or',
        'not',
        '(',
        ')',
        '[',
        ']',
        '"x"',
        '"',
        '\\',
        'pr',
        'true',
        '7',
        ' ',
      ),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          near.map((parts) => parts.join(' ')),
        ),
        (text) => {
          try {
            parseFilter(text);
          } catch (error) {
            expect(error).toBeInstanceOf(Problem);
            expect((error as Problem).status).toBe(400);
            expect((error as Problem).body).toMatchObject({ scimType: 'invalidFilter' });
          }
        },
      ),
    );
  });

  it('keeps what scimmy 1.3.5 got wrong: escaped quotes pass, a dangling "and" and a missing value are refused', () => {
    expect(parseFilter('userName eq "a\\"b@c.d"')).toEqual({
      kind: 'compare',
      path: 'userName',
      op: 'eq',
      value: 'a"b@c.d',
    });
    expect(() => parseFilter('userName eq "x" and')).toThrow(/Invalid filter/);
    expect(() => parseFilter('userName eq')).toThrow(/Invalid filter/);
    expect(() => parseFilter('userName eq x')).toThrow(/Invalid filter/);
  });
});
