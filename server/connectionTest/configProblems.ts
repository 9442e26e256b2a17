// The per-source config rules a connection test applies before it tries
// anything (D3: a 422 listing every problem). Today only Jira's (D4), by the
// same rules and words as a connector's creation.
// MERGE NOTE: replace this file's function with the catalogue's
// `configProblems(source, config)` from src/api/sources/catalogue.ts; the
// route calls nothing else.
import type * as z from 'zod/mini';
import {
  jiraConfigSchema,
  type DocumentSource,
  type ValidationError,
} from '../../src/api/contract';
import { validate } from '../http/validation';

const CONFIG_RULES: Partial<Record<DocumentSource, z.ZodMiniType>> = { jira: jiraConfigSchema };

/** The problems of `config` for a connector of `source`, located under the request body. */
export function configProblems(
  source: DocumentSource,
  config: Record<string, unknown>,
): ValidationError[] {
  const rules = CONFIG_RULES[source];
  if (!rules) return [];
  const checked = validate(rules, config, ['body', 'connector_specific_config']);
  return checked.ok ? [] : checked.errors;
}
