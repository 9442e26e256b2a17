// A body's JSON Schema (from the server's OpenAPI document) as the rows an API
// user reads: each field's name (a nested one by its path), type in words,
// whether it must be sent, and what it is.
type Schema = Record<string, unknown>;

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** What a body is, said above its fields: "An object", "A list; each item:", "null". */
export interface BodyShape {
  kind: 'object' | 'list' | 'other';
  /** For `other`: the body's type in words. */
  type: string;
  fields: FieldRow[];
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const literal = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A schema's type in words: "integer", "list of string", "one of: a, b", "string or null". */
export function typeWords(schema: unknown): string {
  if (!isSchema(schema)) return 'any JSON value';
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.map(literal);
    return values.length <= 8
      ? `one of: ${values.join(', ')}`
      : `one of ${values.length} values, such as ${values.slice(0, 3).join(', ')}`;
  }
  if ('const' in schema) return literal(schema.const);
  const options = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(options)) {
    const words = [...new Set(options.map(typeWords))];
    return words.join(' or ');
  }
  const type = schema.type;
  if (Array.isArray(type))
    return type.map((one) => typeWords({ ...schema, type: one })).join(' or ');
  if (type === 'array') return `list of ${typeWords(schema.items)}`;
  if (type === 'string' && schema.format === 'date-time') return 'date-time (ISO 8601)';
  if (typeof type === 'string') return type;
  return 'any JSON value';
}

/** The object a field holds (itself, or the object of "object or null"), if it holds one. */
function objectOf(schema: unknown): Schema | null {
  if (!isSchema(schema)) return null;
  if (schema.type === 'object' && isSchema(schema.properties)) return schema;
  const options = (schema.anyOf ?? schema.oneOf) as unknown;
  return Array.isArray(options) ? (options.map(objectOf).find(Boolean) ?? null) : null;
}

/** An object's fields, and those of the objects inside it (`actor.email`, `credentials[].id`). */
function fieldsOf(schema: Schema, prefix = ''): FieldRow[] {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).flatMap(([name, field]) => {
    const row: FieldRow = {
      name: `${prefix}${name}`,
      type: typeWords(field),
      required: required.has(name),
      description:
        isSchema(field) && typeof field.description === 'string' ? field.description : '',
    };
    const inner = objectOf(field);
    const item = isSchema(field) && field.type === 'array' ? objectOf(field.items) : null;
    if (inner) return [row, ...fieldsOf(inner, `${row.name}.`)];
    if (item) return [row, ...fieldsOf(item, `${row.name}[].`)];
    return [row];
  });
}

/** The fields of a body: of the object itself, or of each item of a list. */
export function bodyShape(schema: unknown): BodyShape {
  if (isSchema(schema) && schema.type === 'object' && isSchema(schema.properties)) {
    return { kind: 'object', type: 'object', fields: fieldsOf(schema) };
  }
  if (
    isSchema(schema) &&
    schema.type === 'array' &&
    isSchema(schema.items) &&
    isSchema(schema.items.properties)
  ) {
    return { kind: 'list', type: 'list', fields: fieldsOf(schema.items) };
  }
  return { kind: 'other', type: typeWords(schema), fields: [] };
}
