// D6: unit tests of the masking of credential values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskObject, maskValue } from './mask';

const SHORT = '\u2022'.repeat(12);

describe('D6 maskValue', () => {
  it.each([
    ['', SHORT],
    ['a', SHORT],
    ['a'.repeat(13), SHORT],
    ['abcdefghijklmn', 'abcd...klmn'],
    ['0123456789abcdefghij', '0123...ghij'],
    ['😀'.repeat(13), SHORT],
    ['😀'.repeat(14), '😀😀😀😀...😀😀😀😀'],
    ['ab😀defghijklm😀', 'ab😀d...klm😀'],
  ])('%j → %j (code points counted)', (value, masked) => {
    expect(maskValue(value)).toBe(masked);
  });

  it('numbers → *****; booleans and null unchanged', () => {
    for (const value of [0, -1, 3.14, 1e300, Number.MAX_SAFE_INTEGER])
      expect(maskValue(value)).toBe('*****');
    expect(maskValue(true)).toBe(true);
    expect(maskValue(false)).toBe(false);
    expect(maskValue(null)).toBeNull();
  });

  it('arrays and objects item by item', () => {
    expect(maskValue(['x', 1, [true, { a: 'abcdefghijklmnop' }]])).toEqual([
      SHORT,
      '*****',
      [true, { a: 'abcd...mnop' }],
    ]);
  });
});

describe('D6 maskObject', () => {
  it('shows the four place keys at any depth and of any type', () => {
    const input = {
      authentication_method: 'oauth',
      wiki_base: 42,
      cloud_name: ['x', { y: 'z' }],
      cloud_id: { secret: 'looks-secret-but-shown' },
      deep: [{ wiki_base: 'https://w.example' }, { other: 'secret' }],
      token: 'abcdefghijklmnop',
    };
    expect(maskObject(input)).toEqual({
      authentication_method: 'oauth',
      wiki_base: 42,
      cloud_name: ['x', { y: 'z' }],
      cloud_id: { secret: 'looks-secret-but-shown' },
      deep: [{ wiki_base: 'https://w.example' }, { other: SHORT }],
      token: 'abcd...mnop',
    });
  });

  it('does not change its input', () => {
    const input = { token: 'abcdefghijklmnop', nested: { n: 1 } };
    const copy = structuredClone(input);
    maskObject(input);
    expect(input).toEqual(copy);
  });

  it('property: no secret string of 9+ characters survives, and the shape is kept', () => {
    const secretKey = fc
      .string({ minLength: 1, maxLength: 8 })
      .filter(
        (k) =>
          !['authentication_method', 'wiki_base', 'cloud_name', 'cloud_id', '__proto__'].includes(
            k,
          ),
      );
    const secret = fc.string({ minLength: 9, maxLength: 40, unit: 'grapheme-composite' });
    fc.assert(
      fc.property(
        fc.dictionary(secretKey, fc.oneof(secret, fc.array(secret, { maxLength: 3 }))),
        (object) => {
          const masked = maskObject(object);
          expect(Object.keys(masked)).toEqual(Object.keys(object));
          const text = JSON.stringify(masked);
          for (const value of Object.values(object).flat()) {
            expect(text.includes(JSON.stringify(value).slice(1, -1))).toBe(false);
          }
        },
      ),
    );
  });
});
