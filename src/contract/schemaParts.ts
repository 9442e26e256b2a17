// Building blocks of the contract's schemas, shared by contract.ts and the
// per-source schemas of src/contract/sources/: each rule is written once here.
import * as z from 'zod/mini';
import { issueType } from './answers';
import {
  hasUnstorableText,
  isEmailAddress,
  isKeyAddress,
  KEY_ADDRESS_PROBLEM,
  MAX_PROBLEMS,
  urlProblem,
} from './rules';

export { issueType };

/**
 * A list whose items are checked one by one, reporting at most MAX_PROBLEMS
 * problems (D3): zod's own list would collect one issue per bad item and hand
 * them all on at once, which a list of a hundred thousand wrong items overflows.
 */
export function boundedList<T extends z.ZodMiniType>(item: T) {
  return z
    .custom<z.output<T>[]>(Array.isArray, {
      message: 'Input should be a valid list',
      ...issueType('list_type'),
    })
    .check(
      z.superRefine((list, ctx) => {
        let problems = 0;
        for (let index = 0; index < list.length && problems < MAX_PROBLEMS; index++) {
          const result = item.safeParse(list[index]);
          if (result.success) continue;
          for (const issue of result.error.issues) {
            if (problems++ >= MAX_PROBLEMS) break;
            ctx.addIssue({ ...issue, path: [index, ...issue.path] } as z.core.$ZodRawIssue);
          }
        }
      }),
    );
}

/**
 * Text that both stores keep as sent: no NUL (PostgreSQL cannot hold it, SQLite
 * would) and no half of a UTF-16 pair. Refused alike on both (422 string_type).
 */
export const storableText = z.string().check(
  z.refine((value) => !hasUnstorableText(value), {
    message:
      'Input should be a valid string: it holds a NUL character or half of a UTF-16 surrogate pair, which cannot be stored as sent',
    ...issueType('string_type'),
    abort: true,
  }),
);

export const emailAddressSchema = z.string().check(
  z.refine(isEmailAddress, {
    message: 'Not a valid e-mail address: it needs a local part, an @ and a domain with a dot',
    ...issueType('value_error'),
  }),
);

/** A person's e-mail address: never a key's own (rules.ts, isKeyAddress). */
export const personAddressSchema = emailAddressSchema.check(
  z.refine((value) => !isKeyAddress(value), {
    message: `Not a person’s address: ${KEY_ADDRESS_PROBLEM}`,
    ...issueType('value_error'),
  }),
);

export const httpUrlSchema = z.string().check(
  z.superRefine((value, ctx) => {
    const problem = urlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, ...issueType('url_parsing') });
  }),
);

/** A value that must hold something besides white space (a token, a name). */
export const filledText = z.string().check(
  z.refine((value) => value.trim() !== '', {
    message: 'Field required',
    ...issueType('missing'),
  }),
);

/** An e-mail address, or nothing typed (an optional account e-mail left empty). */
export const emailOrNothing = z.string().check(
  z.refine((value) => value === '' || isEmailAddress(value), {
    message: 'Not a valid e-mail address: it needs a local part, an @ and a domain with a dot',
    ...issueType('value_error'),
  }),
);

/** An optional text setting: absent, null or a string. */
export const optionalText = z.optional(z.nullable(z.string()));

/** An optional list of text items (channels, sites, workspaces): absent, null or a list. */
export const optionalTextList = z.optional(z.nullable(boundedList(z.string())));

/** An optional choice among `values`: absent, null or one of them. */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.optional(z.nullable(z.enum(values)));
