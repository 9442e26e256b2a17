import { expect, test } from 'vitest';
import { markUnderflows, underflowPaths } from './jsonUnderflow';

test('finds each number literal that is not zero but parses to 0, by its path', () => {
  const text = `{"a":[1,1e-400,{"b\\"c":-2E-999}],"s":"1e-400","z":0e-400,"d":0.${'0'.repeat(330)}1,"k":5e-324}`;
  expect(underflowPaths(text)).toEqual([['a', 1], ['a', 2, 'b"c'], ['d']]);
});

test('strings that look like numbers, escapes and nesting do not mislead it', () => {
  expect(underflowPaths('{"x\\\\":"e-1 \\" 3e-999","y":[[],{},[2e-500]]}')).toEqual([['y', 2, 0]]);
  expect(underflowPaths('[1e-400]')).toEqual([[0]]);
  expect(underflowPaths('{"a":1,"b":2}')).toEqual([]);
});

test('marks them NaN in the parsed value, a __proto__ key included', () => {
  const text = '{"__proto__":1e-400,"n":{"m":[3e-999]},"kept":0}';
  const value = JSON.parse(text) as Record<string, unknown>;
  markUnderflows(text, value);
  expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBeNaN();
  expect(value.n).toEqual({ m: [Number.NaN] });
  expect(value.kept).toBe(0);
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
});
