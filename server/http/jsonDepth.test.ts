import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tooDeepAt } from './jsonDepth';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('tooDeepAt', () => {
  it('finds the bracket that opens one level too many, and nothing at the limit', () => {
    expect(tooDeepAt(nested(64), 64)).toBe(-1);
    expect(tooDeepAt(nested(65), 64)).toBe(64);
    expect(tooDeepAt('{"a":{"b":[1,{"c":[]}]}}', 5)).toBe(-1);
    expect(tooDeepAt('{"a":{"b":[1,{"c":[]}]}}', 4)).toBe(18);
    expect(tooDeepAt('{"a":{"b":[1,{"c":[]}]}}', 3)).toBe(13);
  });

  it('counts no bracket inside a string, escaped quotes included', () => {
    expect(tooDeepAt(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(-1);
    expect(tooDeepAt(JSON.stringify({ text: 'say \\"[[[["' }), 1)).toBe(-1);
    expect(tooDeepAt('["\\\\",[[]]]', 2)).toBe(7);
  });

  it('property: agrees with the depth of any JSON value', () => {
    const depthOf = (value: unknown): number =>
      value !== null && typeof value === 'object'
        ? 1 + Math.max(0, ...Object.values(value as object).map(depthOf))
        : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 10 }), (value, max) => {
        const text = JSON.stringify(value);
        expect(tooDeepAt(text, max) === -1).toBe(depthOf(value) <= max);
      }),
    );
  });
});
