// Checks an answer against its declared shape: the JSON Schema zod makes of
// the contract's schema at build time (scripts/panelRoutes.ts), for the reads
// before the connectors list's first rows, so the list's path loads no zod.
// Only the keywords zod writes for those answers; the build refuses
// a schema with any other (SHAPE_KEYWORDS), so none is ever skipped here.
// (Ajv's standalone code for the same eight answers weighed 6.5 KB gzip.)

export interface Shape {
  /** One type, or any of several (zod writes a nullable string as ["string", "null"]). */
  type?: string | string[];
  properties?: Record<string, Shape>;
  required?: string[];
  items?: Shape;
  anyOf?: Shape[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  /** Another shape of the same table, by its name. */
  $ref?: string;
  $id?: string;
}

/** Every keyword a Shape may hold: scripts/panelRoutes.ts refuses a schema with another. */
export const SHAPE_KEYWORDS: readonly string[] = [
  'type',
  'properties',
  'required',
  'items',
  'anyOf',
  'enum',
  'minimum',
  'maximum',
  '$ref',
  '$id',
];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TYPES: Record<string, (value: unknown) => boolean> = {
  object: isObject,
  array: Array.isArray,
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  null: (value) => value === null,
};

/** The types a Shape may name: scripts/panelRoutes.ts refuses another. */
export const SHAPE_TYPES = Object.keys(TYPES);

const hasType = (value: unknown, type: string | string[]) =>
  (Array.isArray(type) ? type : [type]).some((one) => TYPES[one]!(value));

const join = (at: string, step: string | number) => (at ? `${at}.${step}` : String(step));

/**
 * Where `value` departs from `shape`, as zod says a path ("0.name"; "" at the
 * top), or null when it has the shape. `shapes` holds the ones `$ref` names.
 */
export function departure(
  value: unknown,
  shape: Shape,
  shapes: Readonly<Record<string, Shape>>,
  at = '',
): string | null {
  if (shape.$ref !== undefined) return departure(value, shapes[shape.$ref]!, shapes, at);
  if (shape.anyOf && !shape.anyOf.some((one) => departure(value, one, shapes, at) === null))
    return at;
  if (shape.type !== undefined && !hasType(value, shape.type)) return at;
  if (shape.enum && !shape.enum.includes(value)) return at;
  if (typeof value === 'number') {
    if (shape.minimum !== undefined && value < shape.minimum) return at;
    if (shape.maximum !== undefined && value > shape.maximum) return at;
  }
  if (shape.items && Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = departure(item, shape.items, shapes, join(at, index));
      if (found !== null) return found;
    }
  }
  if (isObject(value)) {
    for (const name of shape.required ?? []) if (!Object.hasOwn(value, name)) return join(at, name);
    for (const [name, field] of Object.entries(shape.properties ?? {})) {
      if (!Object.hasOwn(value, name)) continue;
      const found = departure(value[name], field, shapes, join(at, name));
      if (found !== null) return found;
    }
  }
  return null;
}
