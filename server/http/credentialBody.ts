// A credential request's body (create and patch), checked by the contract, plus
// one thing the contract's schema cannot see: a key named __proto__ in
// `credential_json`. JSON.parse keeps it as a key like any other, but the
// schema rebuilds the values key by key and drops that one, with its value,
// without a word. It is refused at its own loc instead (D3: every problem).
import type * as z from 'zod/mini';
import {
  credentialCreateRequestSchema,
  credentialPatchRequestSchema,
  type CredentialCreate,
  type CredentialPatch,
  type ValidationError,
} from '../../src/contract/contract';
import { isJsonObject, MAX_PROBLEMS } from '../../src/contract/rules';
import { credentialValueErrors, validate, type Validated } from './validation';

const PROTO_KEY = '__proto__';

function protoKeyErrors(values: unknown): ValidationError[] {
  if (!isJsonObject(values) || !Object.hasOwn(values, PROTO_KEY)) return [];
  return [
    {
      loc: ['body', 'credential_json', PROTO_KEY],
      msg: `A key named ${PROTO_KEY} cannot be kept (JavaScript objects reserve it): use another key`,
      type: 'value_error',
    },
  ];
}

function validateCredentialBody<S extends z.ZodMiniType>(
  schema: S,
  input: Record<string, unknown>,
): Validated<z.output<S>> {
  const checked = validate(schema, input);
  const extra = protoKeyErrors(input.credential_json);
  if (extra.length === 0) return checked;
  const errors = [...(checked.ok ? [] : checked.errors), ...extra];
  return { ok: false, errors: errors.slice(0, MAX_PROBLEMS) };
}

/** The creation body, and its values by the rules of its source (D3: every problem in one answer). */
export function validateCredentialCreate(
  input: Record<string, unknown>,
): Validated<CredentialCreate> {
  const base = validateCredentialBody(credentialCreateRequestSchema, input);
  const values = isJsonObject(input.credential_json) ? input.credential_json : null;
  const errors = [
    ...(base.ok ? [] : base.errors),
    ...(values ? credentialValueErrors(input.source, values) : []),
  ];
  return base.ok && errors.length === 0
    ? base
    : { ok: false, errors: errors.slice(0, MAX_PROBLEMS) };
}

/**
 * The change body. A replacement is whole values: it needs `credential_json`,
 * and a null in it (which removes a key when merging) is refused at its key.
 */
export function validateCredentialPatch(
  input: Record<string, unknown>,
): Validated<CredentialPatch> {
  const base = validateCredentialBody(credentialPatchRequestSchema, input);
  if (!base.ok || !base.value.replace_credential_json) return base;
  const values = base.value.credential_json;
  const errors: ValidationError[] = values
    ? Object.entries(values)
        .filter(([, value]) => value === null)
        .map(([key]) => ({
          loc: ['body', 'credential_json', key],
          msg: 'null removes a stored value only when merging: with replace_credential_json, leave the key out',
          type: 'value_error',
        }))
    : [
        {
          loc: ['body', 'credential_json'],
          msg: 'Field required: replace_credential_json replaces the stored values with these',
          type: 'missing',
        },
      ];
  return errors.length === 0 ? base : { ok: false, errors: errors.slice(0, MAX_PROBLEMS) };
}
