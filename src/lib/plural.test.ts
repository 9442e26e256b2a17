import { expect, test } from 'vitest';
import { countOf, plural } from './plural';

test('one takes the singular; none, many and fractions take the plural', () => {
  expect(plural(1, 'Finish it', 'Finish them')).toBe('Finish it');
  expect(plural(2, 'Finish it', 'Finish them')).toBe('Finish them');
  expect(countOf(1, 'connector is', 'connectors are')).toBe('1 connector is');
  expect(countOf(0, 'connector')).toBe('0 connectors');
  expect(countOf(10_000, 'user')).toBe('10,000 users');
  expect(countOf(1.5, 'minute')).toBe('1.5 minutes');
});
