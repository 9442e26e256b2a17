// A filter's tree (filter.ts) as a WHERE clause, on the attributes each
// resource keeps: `userName eq` uses the unique index of addresses, so it is
// fast on any number of users. An attribute not kept here is 400 invalidFilter.
import { sql, type Expression, type SqlBool } from 'kysely';
import { attributeName, type CompareOp, type Filter, type FilterValue } from '../scim/filter';
import { badRequest } from '../scim/errors';
import { NOTHING } from './scim';

type Condition = Expression<SqlBool>;
/** How one attribute is compared: given the operator and the value, a condition. */
export type AttributeSql = (op: CompareOp | 'pr', value: FilterValue) => Condition;
export type AttributeMap = Readonly<Record<string, AttributeSql>>;

const unsupported = (detail: string) => badRequest(`Invalid filter: ${detail}`, 'invalidFilter');

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const SQL_OPS: Record<'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le', string> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  lt: '<',
  ge: '>=',
  le: '<=',
};

/** A text column: `lower` when the attribute ignores letter case (its column holds it lower). */
export function textColumn(column: string, lower = false): AttributeSql {
  const ref = sql.ref(column);
  return (op, value) => {
    if (op === 'pr') return sql<SqlBool>`${ref} is not null`;
    if (typeof value !== 'string') {
      if (value === null && (op === 'eq' || op === 'ne')) {
        return op === 'eq' ? sql<SqlBool>`${ref} is null` : sql<SqlBool>`${ref} is not null`;
      }
      throw unsupported(`'${column.split('.').pop()}' is compared with a quoted string`);
    }
    if (value.includes('\u0000')) return NOTHING;
    const text = lower ? value.toLowerCase() : value;
    if (op === 'co' || op === 'sw' || op === 'ew') {
      const pattern = `${op === 'sw' ? '' : '%'}${likeEscaped(text)}${op === 'ew' ? '' : '%'}`;
      return sql<SqlBool>`${ref} like ${pattern} escape '\\'`;
    }
    return sql<SqlBool>`${ref} ${sql.raw(SQL_OPS[op])} ${text}`;
  };
}

/** A 0/1 column compared with true or false. */
export function booleanColumn(column: string): AttributeSql {
  const ref = sql.ref(column);
  return (op, value) => {
    if (op === 'pr') return sql<SqlBool>`1 = 1`;
    if (typeof value !== 'boolean' || (op !== 'eq' && op !== 'ne')) {
      throw unsupported(`'${column.split('.').pop()}' is compared with eq or ne and true or false`);
    }
    return sql<SqlBool>`${ref} ${sql.raw(SQL_OPS[op])} ${value ? 1 : 0}`;
  };
}

/** An attribute that always has one value (emails' type is "work"). */
export const constantValue =
  (constant: string): AttributeSql =>
  (op, value) => {
    if (op === 'pr') return sql<SqlBool>`1 = 1`;
    if (op === 'eq') return value === constant ? sql<SqlBool>`1 = 1` : NOTHING;
    if (op === 'ne') return value !== constant ? sql<SqlBool>`1 = 1` : NOTHING;
    throw unsupported('compare this attribute with eq or ne');
  };

/** The condition of `filter` over `attributes` (keys: attribute names in lower case, `a.b` for a sub-attribute). */
export function filterSql(filter: Filter, attributes: AttributeMap, prefix = ''): Condition {
  switch (filter.kind) {
    case 'and':
      return sql<SqlBool>`(${filterSql(filter.left, attributes, prefix)} and ${filterSql(filter.right, attributes, prefix)})`;
    case 'or':
      return sql<SqlBool>`(${filterSql(filter.left, attributes, prefix)} or ${filterSql(filter.right, attributes, prefix)})`;
    case 'not':
      return sql<SqlBool>`not (${filterSql(filter.filter, attributes, prefix)})`;
    case 'valuePath':
      if (prefix) throw unsupported('a value path inside another');
      return filterSql(filter.filter, attributes, `${attributeName(filter.path)}.`);
    case 'present':
    case 'compare': {
      const name = prefix + attributeName(filter.path);
      const attribute = attributes[name] ?? attributes[`${name}.value`];
      if (!attribute) throw unsupported(`filtering on '${filter.path}' is not supported`);
      return attribute(
        filter.kind === 'present' ? 'pr' : filter.op,
        filter.kind === 'present' ? null : filter.value,
      );
    }
  }
}

/** The groups (`g`) that person is a member of: SCIM's `members[value eq "<id>"]`. */
export const groupHasMember = (userId: string) =>
  sql<SqlBool>`exists (select 1 from user_group_members m where m.group_id = g.id and m.user_id = ${userId})`;

/** The group (`g`) of this id. */
export const groupIdIs = (id: number) => sql<SqlBool>`g.id = ${id}`;
