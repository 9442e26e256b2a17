// The shapes the build makes of the first rows' answers (scripts/panelRoutes.ts)
// accept exactly what zod accepts: each answer's right value, then
// values with one field left out or replaced by any JSON at all.
import fc from 'fast-check';
import { checks, shapes } from 'virtual:answer-checks';
import { expect, test } from 'vitest';
import type * as z from 'zod/mini';
import { ENDPOINTS_BY_NAME } from '../contract/endpoints/all';
import { departure } from './answerShape';
import { FIRST_ROWS_READS } from './firstRowsReads';

const snapshot = {
  name: 'Docs',
  source: 'web',
  input_type: 'load_state',
  connector_specific_config: { base_url: 'https://example.com' },
  refresh_freq: 3600,
  prune_freq: null,
  indexing_start: null,
  id: 1,
  credential_ids: [2],
  time_created: '2026-11-27T00:00:00Z',
  time_updated: '2026-11-27T00:00:00Z',
};
const credential = { id: 2, source: 'jira', name: null, credential_json: { token: '****' } };
const RIGHT: Partial<Record<(typeof FIRST_ROWS_READS)[number], unknown>> = {
  getMe: { id: 'u1', email: 'a@example.com', role: 'admin', is_active: true, groups: [] },
  listConnectors: [snapshot],
  listCredentials: [credential],
  listConnectorStatus: [],
};

const zodAccepts = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success;
const shapeAccepts = (name: string, value: unknown) =>
  departure(value, shapes[checks[name]!]!, shapes) === null;

/** `value` with the field at `path` left out or given `other`. */
function changed(value: unknown, path: (string | number)[], other: unknown, drop: boolean) {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const step of path.slice(0, -1)) at = at[step] as Record<string | number, unknown>;
  if (drop) delete at[path.at(-1)!];
  else at[path.at(-1)!] = other;
  return copy;
}

const paths = (value: unknown, prefix: (string | number)[] = []): (string | number)[][] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, inner]) => {
        const step = Array.isArray(value) ? Number(key) : key;
        return [[...prefix, step], ...paths(inner, [...prefix, step])];
      })
    : [];

test('every read before the first rows has a shape, and each right answer has it', () => {
  for (const name of FIRST_ROWS_READS) expect(checks[name], name).toBeDefined();
  for (const [name, value] of Object.entries(RIGHT)) {
    expect(shapeAccepts(name, value), name).toBe(true);
    expect(zodAccepts(ENDPOINTS_BY_NAME[name]!.answer, value), name).toBe(true);
  }
});

test.each(Object.entries(RIGHT))(
  '%s: a changed answer is refused by the shape iff zod refuses it',
  (name, right) => {
    const schema = ENDPOINTS_BY_NAME[name]!.answer;
    const where = paths(right);
    if (where.length === 0) return;
    fc.assert(
      fc.property(
        fc.constantFrom(...where),
        fc.oneof(fc.jsonValue(), fc.constantFrom(null, 1.5, -1, 2 ** 53, 'web', 'nope', [], {})),
        fc.boolean(),
        (path, other, drop) => {
          const value = changed(right, path, other, drop);
          expect(shapeAccepts(name, value)).toBe(zodAccepts(schema, value));
        },
      ),
      { numRuns: 300 },
    );
  },
);

test('a departure is named by its path, as zod names it', () => {
  const list = [snapshot, snapshot, { ...snapshot, name: 7 }];
  expect(departure(list, shapes[checks.listConnectors!]!, shapes)).toBe('2.name');
  expect(
    departure([{ ...snapshot, credential_ids: [2, 'x'] }], shapes[checks.listConnectors!]!, shapes),
  ).toBe('0.credential_ids.1');
  const { id: _left, ...withoutId } = snapshot;
  expect(departure([withoutId], shapes[checks.listConnectors!]!, shapes)).toBe('0.id');
  expect(departure('not a list', shapes[checks.listConnectors!]!, shapes)).toBe('');
});
