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
  const steps = checkOf(shape, shapes)(value);
  if (steps === null) return null;
  return [...(at ? [at] : []), ...steps.reverse()].join('.');
}

/**
 * The path to where a value departs, deepest step first (built only on the way
 * back from a departure: the walk over a good answer makes no strings), or null.
 */
type Check = (value: unknown) => (string | number)[] | null;

/**
 * Each shape made once into a function of the value (closures, not code: the
 * CSP allows no eval). Walking the shape object for every value cost about
 * 170 ms over 10,000 connectors in a Chromium profile; the made checks do
 * only the tests a keyword asks for.
 */
const made = new WeakMap<Shape, Check>();

function checkOf(shape: Shape, shapes: Readonly<Record<string, Shape>>): Check {
  let check = made.get(shape);
  if (!check) made.set(shape, (check = make(shape, shapes)));
  return check;
}

function typeTest(type: string | string[]): (value: unknown) => boolean {
  if (typeof type === 'string') return TYPES[type]!;
  const tests = type.map((one) => TYPES[one]!);
  return (value) => tests.some((test) => test(value));
}

function make(shape: Shape, shapes: Readonly<Record<string, Shape>>): Check {
  if (shape.$ref !== undefined) {
    // Made on first use: a shape may name itself.
    const name = shape.$ref;
    let target: Check | undefined;
    return (value) => (target ??= checkOf(shapes[name]!, shapes))(value);
  }
  const anyOf = shape.anyOf?.map((one) => checkOf(one, shapes));
  const typed = shape.type === undefined ? undefined : typeTest(shape.type);
  // A Set answers as `includes` does (SameValueZero), without a scan of a long list (the sources).
  const allowed = shape.enum && new Set(shape.enum);
  const { minimum, maximum } = shape;
  const ranged = minimum !== undefined || maximum !== undefined;
  const item = shape.items && checkOf(shape.items, shapes);
  const required = shape.required ?? [];
  const fields = Object.entries(shape.properties ?? {}).map(
    ([name, field]) => [name, checkOf(field, shapes)] as const,
  );
  const objectPart = required.length > 0 || fields.length > 0;
  return (value) => {
    if (anyOf && !anyOf.some((one) => one(value) === null)) return [];
    if (typed && !typed(value)) return [];
    if (allowed && !allowed.has(value)) return [];
    if (ranged && typeof value === 'number') {
      if (minimum !== undefined && value < minimum) return [];
      if (maximum !== undefined && value > maximum) return [];
    }
    if (item && Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const found = item(value[index]);
        if (found !== null) return (found.push(index), found);
      }
    }
    if (objectPart && isObject(value)) {
      for (const name of required) if (!Object.hasOwn(value, name)) return [name];
      for (const [name, field] of fields) {
        if (!Object.hasOwn(value, name)) continue;
        const found = field(value[name]);
        if (found !== null) return (found.push(name), found);
      }
    }
    return null;
  };
}
