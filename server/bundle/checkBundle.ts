// D3 for a bundle: its format first (in words), then every problem at its
// place, each connector's source rules too. A bundle of thousands of items is
// checked a part at a time (its long lists 500 items at a time), letting other
// requests through between parts: one check of 10,000 connectors at once
// would hold the server a few hundred milliseconds.
import { setImmediate as nextTurn } from 'node:timers/promises';
import * as z from 'zod/mini';
import {
  bundleConnectorSchema,
  bundleCredentialSchema,
  bundleDocumentSetSchema,
  bundleGroupSchema,
  bundleInvitationSchema,
  bundlePairSchema,
  bundleUserSchema,
  configBundleSchema,
  formatVersionProblem,
  type ConfigBundle,
} from '../../src/contract/configBundle';
import type { ValidationError } from '../../src/contract/contract';
import { sourceConfigErrors, validate, type Validated } from '../http/validation';
import { CHUNK } from './planParts';

/** The bundle's lists and the schema of one item of each (configBundleSchema's own). */
const LISTS = {
  users: z.array(bundleUserSchema),
  invitations: z.array(bundleInvitationSchema),
  user_groups: z.array(bundleGroupSchema),
  credentials: z.array(bundleCredentialSchema),
  connectors: z.array(bundleConnectorSchema),
  pairs: z.array(bundlePairSchema),
  document_sets: z.array(bundleDocumentSetSchema),
} as const;
type List = keyof typeof LISTS;

/** Each of a long list's parts checked on its own, its problems at their place in the whole list. */
async function checkList(list: List, items: unknown[], errors: ValidationError[]) {
  const values: unknown[] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    await nextTurn();
    const part = validate(LISTS[list], items.slice(start, start + CHUNK), ['body', list]);
    if (part.ok) values.push(...part.value);
    else {
      for (const error of part.errors) {
        const [body, name, index, ...rest] = error.loc;
        const at = typeof index === 'number' ? [index + start, ...rest] : rest;
        errors.push({ ...error, loc: [body!, name!, ...at] });
      }
    }
  }
  return values;
}

export async function checkBundle(json: Record<string, unknown>): Promise<Validated<ConfigBundle>> {
  const version = json.format_version;
  const words = Number.isInteger(version) ? formatVersionProblem(version as number) : null;
  if (words) {
    return {
      ok: false,
      errors: [{ loc: ['body', 'format_version'], msg: words, type: 'value_error' }],
    };
  }
  const long = (Object.keys(LISTS) as List[]).filter(
    (list) => Array.isArray(json[list]) && (json[list] as unknown[]).length > CHUNK,
  );
  const result = validate(configBundleSchema, {
    ...json,
    ...Object.fromEntries(long.map((list) => [list, []])),
  });
  const errors: ValidationError[] = result.ok ? [] : [...result.errors];
  const lists: Partial<Record<List, unknown[]>> = {};
  for (const list of long) lists[list] = await checkList(list, json[list] as unknown[], errors);
  // Each connector's source rules, 500 connectors at a time too.
  const connectors = Array.isArray(json.connectors) ? (json.connectors as unknown[]) : [];
  for (let index = 0; index < connectors.length; index += 1) {
    if (index > 0 && index % CHUNK === 0) await nextTurn();
    const { source, connector_specific_config: config } = (connectors[index] ?? {}) as Record<
      string,
      unknown
    >;
    for (const error of sourceConfigErrors(source, config)) {
      errors.push({ ...error, loc: ['body', 'connectors', index, ...error.loc.slice(1)] });
    }
  }
  if (errors.length > 0 || !result.ok) return { ok: false, errors };
  return { ok: true, value: { ...result.value, ...lists } as ConfigBundle };
}
