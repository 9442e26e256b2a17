// The per-source config rules a connection test applies before it tries
// anything (D3: a 422 listing every problem): the catalogue's, by the same rules
// and words as a connector's creation (src/contract/sources/).
import type { DocumentSource, ValidationError } from '../../src/contract/contract';
import { sourceConfigErrors } from '../http/validation';

/** The problems of `config` for a connector of `source`, located under the request body. */
export const configProblems = (
  source: DocumentSource,
  config: Record<string, unknown>,
): ValidationError[] => sourceConfigErrors(source, config);
