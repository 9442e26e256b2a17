// D3: zod issues rendered as the interface's ValidationError items, with the
// type names and plain messages of the Python validation library the real
// backend uses, so clients of either read the same words.
import * as z from 'zod/mini';
import {
  connectorCreateRequestSchema,
  connectorPatchRequestSchema,
  type ConnectorCreate,
  type ConnectorPatch,
  type ValidationError,
} from '../../src/contract/contract';
import { MAX_PROBLEMS } from '../../src/contract/rules';
import {
  configProblems,
  credentialProblems,
  keptConfig,
} from '../../src/contract/sources/catalogue';

// Messages of the issues these rules leave to zod are in English, as classic zod
// sets them, whichever of zod's flavours this process loads.
z.config(z.locales.en());

type Loc = (string | number)[];

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const quoteList = (values: readonly unknown[]) => {
  const quoted = values.map((value) => `'${String(value)}'`);
  return quoted.length > 1
    ? `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`
    : (quoted[0] ?? '');
};

const TYPE_BY_EXPECTED: Record<string, [string, string]> = {
  string: ['string_type', 'Input should be a valid string'],
  int: ['int_type', 'Input should be a valid integer'],
  number: ['int_type', 'Input should be a valid integer'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  array: ['list_type', 'Input should be a valid list'],
  object: ['dict_type', 'Input should be a valid dictionary'],
  record: ['dict_type', 'Input should be a valid dictionary'],
};

function describe(issue: z.core.$ZodIssue, input: unknown): [string, string] {
  switch (issue.code) {
    case 'invalid_type':
      if (valueAt(input, issue.path) === undefined) return ['missing', 'Field required'];
      return TYPE_BY_EXPECTED[issue.expected] ?? ['value_error', issue.message];
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return [
          'string_too_short',
          `String should have at least ${min} character${min === 1 ? '' : 's'}`,
        ];
      }
      return ['greater_than_equal', `Input should be greater than or equal to ${min}`];
    }
    case 'too_big':
      if (issue.origin === 'string') {
        return [
          'string_too_long',
          `String should have at most ${Number(issue.maximum)} characters`,
        ];
      }
      return ['value_error', `Input should be less than or equal to ${Number(issue.maximum)}`];
    case 'invalid_value':
      // A required enum that is absent is missing, not a wrong value (D3).
      if (valueAt(input, issue.path) === undefined) return ['missing', 'Field required'];
      return ['enum', `Input should be ${quoteList(issue.values)}`];
    case 'invalid_format':
      return ['string_pattern_mismatch', issue.message];
    case 'custom': {
      // A required field checked by a custom rule is missing when absent, like the others.
      if (valueAt(input, issue.path) === undefined) return ['missing', 'Field required'];
      const type = (issue.params as { type?: string } | undefined)?.type;
      return [type ?? 'value_error', issue.message];
    }
    default:
      return ['value_error', issue.message];
  }
}

function toValidationErrors(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  prefix: Loc = ['body'],
): ValidationError[] {
  return issues.slice(0, MAX_PROBLEMS).map((issue) => {
    const [type, msg] = describe(issue, input);
    const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
    return { loc: [...prefix, ...path], msg, type };
  });
}

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: ValidationError[] };

export function validate<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  prefix: Loc = ['body'],
): Validated<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: toValidationErrors(result.error.issues, input, prefix) };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const CONFIG_LOC: Loc = ['body', 'connector_specific_config'];

/** The config rules of the connector's source (sources/catalogue); none outside the catalogue (D4). */
export function sourceConfigErrors(source: unknown, config: unknown): ValidationError[] {
  if (!isObject(config)) return [];
  return toValidationErrors(configProblems(source, config), config, CONFIG_LOC);
}

function withSourceRules<T extends { connector_specific_config?: Record<string, unknown> }>(
  base: Validated<T>,
  source: unknown,
  config: unknown,
): Validated<T> {
  const errors = [...(base.ok ? [] : base.errors), ...sourceConfigErrors(source, config)];
  if (!base.ok || errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_PROBLEMS) };
  // The very object that was sent (zod rebuilds a record key by key, and a key
  // named __proto__ would be lost on the way, D4), as its source keeps it.
  if (isObject(config)) base.value.connector_specific_config = keptConfig(source, config);
  return base;
}

/** D4: the creation request, its source's config rules included, every problem in one answer. */
export function validateConnectorCreate(input: unknown): Validated<ConnectorCreate> {
  const body = (input ?? {}) as Record<string, unknown>;
  return withSourceRules(
    validate(connectorCreateRequestSchema, input),
    body.source,
    body.connector_specific_config,
  );
}

/** A change to a connector of `source`, by the same rules as its creation (D4). */
export function validateConnectorPatch(input: unknown, source: string): Validated<ConnectorPatch> {
  const body = (input ?? {}) as Record<string, unknown>;
  return withSourceRules(
    validate(connectorPatchRequestSchema, input),
    source,
    body.connector_specific_config,
  );
}

/** A credential's values for its source (sources/catalogue): what is missing or malformed. */
export const credentialValueErrors = (source: unknown, values: Record<string, unknown>) =>
  toValidationErrors(credentialProblems(source, values), values, ['body', 'credential_json']);
