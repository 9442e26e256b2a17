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
  typeof type === 'string' ? TYPES[type]!(value) : type.some((one) => TYPES[one]!(value));

/** Each shape's properties as a list, made once (an answer of 10,000 items visits each 10,000 times). */
const propertyLists = new WeakMap<Shape, [string, Shape][]>();
const propertiesOf = (shape: Shape) => {
  let list = propertyLists.get(shape);
  if (!list) propertyLists.set(shape, (list = Object.entries(shape.properties ?? {})));
  return list;
};

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
  const steps = stepsToDeparture(value, shape, shapes);
  if (steps === null) return null;
  return [...(at ? [at] : []), ...steps.reverse()].join('.');
}

/**
 * The path to where `value` departs, deepest step first (built only on the way
 * back from a departure: the walk over a good answer makes no strings), or null.
 */
function stepsToDeparture(
  value: unknown,
  shape: Shape,
  shapes: Readonly<Record<string, Shape>>,
): (string | number)[] | null {
  if (shape.$ref !== undefined) return stepsToDeparture(value, shapes[shape.$ref]!, shapes);
  if (shape.anyOf && !shape.anyOf.some((one) => stepsToDeparture(value, one, shapes) === null))
    return [];
  if (shape.type !== undefined && !hasType(value, shape.type)) return [];
  if (shape.enum && !shape.enum.includes(value)) return [];
  if (typeof value === 'number') {
    if (shape.minimum !== undefined && value < shape.minimum) return [];
    if (shape.maximum !== undefined && value > shape.maximum) return [];
  }
  if (shape.items && Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = stepsToDeparture(value[index], shape.items, shapes);
      if (found !== null) return (found.push(index), found);
    }
  }
  if (isObject(value)) {
    for (const name of shape.required ?? []) if (!Object.hasOwn(value, name)) return [name];
    for (const [name, field] of propertiesOf(shape)) {
      if (!Object.hasOwn(value, name)) continue;
      const found = stepsToDeparture(value[name], field, shapes);
      if (found !== null) return (found.push(name), found);
    }
  }
  return null;
}
