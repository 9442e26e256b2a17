// D3: the offset of a JSON syntax error, reported in json_invalid's loc.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset } from './jsonOffset';

describe('D3 jsonErrorOffset', () => {
  it.each([
    ['{"a":', 5],
    ['', 0],
    ['   ', 3],
    ['{', 1],
    ['[1,]', 3],
    ['[1 2]', 3],
    ['{"a":1,}', 7],
    ['{"a" 1}', 5],
    ['{a:1}', 1],
    ['"abc', 4],
    ['"a\\x"', 2],
    ['"\\u12G4"', 1],
    ['"tab\there"', 4],
    ['01', 1],
    ['-', 0],
    ['1.', 1],
    ['tru', 0],
    ['nul', 0],
    ['{"a":1}}', 7],
    ['[[[[', 4],
    ['{"a":[1,{"b":}]}', 13],
  ])('%j fails at %d', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
  });

  it.each([
    '{}',
    '[]',
    '0',
    '-1.5e+10',
    '"\\u00e9\\n"',
    'null',
    ' {"a": [1, true, null, {"b": "c"}]} ',
    '"😀"',
  ])('%j is valid → -1', (text) => {
    expect(jsonErrorOffset(text)).toBe(-1);
  });

  it('deep nesting does not overflow the stack', () => {
    expect(jsonErrorOffset('['.repeat(200_000) + ']'.repeat(200_000))).toBe(-1);
    expect(jsonErrorOffset('['.repeat(200_000))).toBe(200_000);
  });

  it('property: agrees with JSON.parse on what is valid', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(jsonErrorOffset(text)).toBe(-1);
      }),
    );
    const jsonish = fc.string({
      unit: fc.constantFrom(...'{}[],:"\\ 01-.eEtrufalsn'.split('')),
      maxLength: 20,
    });
    fc.assert(
      fc.property(jsonish, (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(jsonErrorOffset(text) === -1).toBe(valid);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: cutting valid JSON short fails at or before the cut', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), (text, n) => {
        const cut = text.slice(0, n % (text.length + 1));
        const offset = jsonErrorOffset(cut);
        let valid = true;
        try {
          JSON.parse(cut);
        } catch {
          valid = false;
        }
        if (valid) {
          expect(offset).toBe(-1);
        } else {
          expect(offset).toBeGreaterThanOrEqual(0);
          expect(offset).toBeLessThanOrEqual(cut.length);
        }
      }),
    );
  });
});
