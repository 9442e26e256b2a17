import { expect, test } from 'vitest';
import { CATALOGUE_SOURCES } from '../../src/contract/sources/catalogue';
import { isAccountedFor } from './checks';

test('every catalogue source has a connection test, or words that say why it has none', () => {
  expect(CATALOGUE_SOURCES.filter((source) => !isAccountedFor(source))).toEqual([]);
  expect(CATALOGUE_SOURCES).toHaveLength(51);
});
