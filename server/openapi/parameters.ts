// A declaration's path and query schemas as OpenAPI parameters: each field's
// words (z.describe) and, for an integer, the bounds the server holds it to.
import * as z from 'zod/mini';
import { integerParameters } from '../../src/contract/endpoint';

type Schema = z.ZodMiniType;

/** The schema inside z.optional(), where the field's words and bounds are. */
const unwrapped = (schema: Schema): Schema =>
  schema instanceof z.ZodMiniOptional ? unwrapped(schema._zod.def.innerType as Schema) : schema;

export function parametersOf(schema: Schema | undefined, place: 'path' | 'query') {
  if (!schema) return [];
  if (!(schema instanceof z.ZodMiniObject)) throw new Error('parameters are an object of fields');
  return Object.entries(schema.shape as Record<string, Schema>).map(([name, field]) => {
    const inner = unwrapped(field);
    const integer = integerParameters.get(inner);
    return {
      name,
      in: place,
      required: place === 'path',
      description: z.globalRegistry.get(inner)?.description ?? '',
      schema: integer ? { type: 'integer', ...integer } : { type: 'string' },
    };
  });
}
