import fc from 'fast-check';
import { expect, test } from 'vitest';
import { connectorListQuerySchema } from '../contract/endpoints/connectors';
import { paths } from './paths';

const { getHref, parse } = paths.connectors;
const parsed = (href: string) => parse(new URL(href, 'http://panel').searchParams);

test('credential, search and sort go into the address and come back out the same', () => {
  const view = {
    credential: 7,
    search: 'jira & co',
    sort: { column: 'name', direction: 'descending' as const },
  };
  expect(getHref(view)).toBe('/connectors?credential=7&search=jira+%26+co&sort=-name');
  expect(parsed(getHref(view))).toEqual(view);
  expect(getHref({ sort: { column: 'source', direction: 'ascending' } })).toBe(
    '/connectors?sort=source',
  );
  expect(getHref({ search: '' })).toBe('/connectors');
  expect(parsed('/connectors')).toEqual({ search: '', sort: null });
});

test('a credential that is no id is reported as such; an empty one is no filter (D5)', () => {
  const words = 'Input should be a valid integer, unable to parse string as an integer';
  expect(parsed('/connectors?credential=abc')).toMatchObject({
    badCredential: { text: 'abc', words },
  });
  expect(parsed('/connectors?credential=abc').credential).toBeUndefined();
  expect(parsed('/connectors?credential=1.5')).toMatchObject({
    badCredential: { text: '1.5', words },
  });
  expect(parsed('/connectors?credential=')).toEqual({ search: '', sort: null });
  expect(parsed('/connectors?credential=0')).toMatchObject({ credential: 0 });
});

test('the address takes every credential the server takes, by the same query schema (D5)', () => {
  expect(parsed('/connectors?credential=-1')).toMatchObject({ credential: -1 });
  expect(parsed('/connectors?credential=-1').badCredential).toBeUndefined();
  expect(parsed('/connectors?credential=1234567890123456')).toMatchObject({
    credential: 1234567890123456,
  });
  // Repeated: the last one counts, as on the server.
  expect(parsed('/connectors?credential=abc&credential=3')).toMatchObject({ credential: 3 });
});

test('any ?credential= reads as the list query schema reads it: the same number or the same words', () => {
  const integerish = fc.oneof(
    fc.integer().map(String),
    fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }).map(String),
    fc.stringMatching(/^[-+ 0-9.e]{0,8}$/),
    fc.string(),
  );
  fc.assert(
    fc.property(integerish, (text) => {
      const schema = connectorListQuerySchema.safeParse(text === '' ? {} : { credential: text });
      const read = parsed(`/connectors?${new URLSearchParams({ credential: text })}`);
      if (schema.success) {
        expect(read.credential).toBe(schema.data.credential);
        expect(read.badCredential).toBeUndefined();
      } else expect(read.badCredential).toEqual({ text, words: schema.error.issues[0]?.message });
    }),
  );
});

test('the status filter goes into the address and back; any other value means all', () => {
  expect(getHref({ status: 'paused', search: 'jira' })).toBe(
    '/connectors?status=paused&search=jira',
  );
  expect(parsed('/connectors?status=running')).toMatchObject({ status: 'running' });
  expect(parsed('/connectors?status=PAUSED').status).toBeUndefined();
  expect(parsed('/connectors?status=')).toEqual({ search: '', sort: null });
});
