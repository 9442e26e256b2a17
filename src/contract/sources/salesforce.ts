// Salesforce: Onyx's SalesforceConnector keys: object types by name, or a
// custom query configuration (JSON text, as Onyx takes it), with a user's
// password and security token.
import * as z from 'zod/mini';
import { filledText, issueType, optionalTextList } from '../schemaParts';
import type { SourceContract } from './types';

const isJsonObjectText = (text: string) => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
};

export const salesforce = {
  config: z.looseObject({
    requested_objects: optionalTextList,
    custom_query_config: z.optional(
      z.nullable(
        z.string().check(
          z.refine((text) => text.trim() === '' || isJsonObjectText(text), {
            message: 'Enter a JSON object, for example {"Account": {"fields": ["Name"]}}',
            ...issueType('value_error'),
          }),
        ),
      ),
    ),
  }),
  credential: z.looseObject({
    sf_username: filledText,
    sf_password: filledText,
    sf_security_token: filledText,
    is_sandbox: z.optional(z.boolean()),
  }),
} satisfies SourceContract;
