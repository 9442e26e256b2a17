// Two modules the panel's build makes from the endpoint declarations
// (src/contract/endpoints/), so the connectors list's path carries no zod:
// generated on every build and test run, never written by hand.
//   virtual:endpoint-routes  every endpoint's name, method, path and access
//                            (what the client needs to call it), but the
//                            worker's;
//   virtual:answer-checks    the shape of each answer read before the first rows
//                            (src/api/firstRowsReads.ts) and of D3's problems:
//                            the JSON Schema zod makes of its schema (the shape
//                            the OpenAPI document shows), which
//                            src/api/answerShape.ts checks an answer against.
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import * as z from 'zod';
import type { ZodMiniType } from 'zod/mini';
import type { Endpoint } from '../src/contract/endpoint.ts';
import { SHAPE_KEYWORDS, SHAPE_TYPES } from '../src/api/answerShape.ts';

/** What the modules are made of, read through tsx (not bundled into Vite's config). */
interface Sources {
  endpoints: Readonly<Record<string, Endpoint>>;
  problems: Record<'problemValidation' | 'problemDetail', ZodMiniType>;
  /** Parts several checked answers share. */
  shared: Record<string, ZodMiniType>;
  firstRowsReads: readonly string[];
}

async function readSources(): Promise<Sources> {
  const read = (await tsImport(
    new URL('./panelSources.ts', import.meta.url).href,
    import.meta.url,
  )) as typeof import('./panelSources.ts');
  return {
    endpoints: read.ENDPOINTS_BY_NAME,
    problems: {
      problemValidation: read.httpValidationErrorSchema,
      problemDetail: read.errorDetailSchema,
    },
    shared: {
      documentSource: read.documentSourceSchema,
      connectorSnapshot: read.connectorSnapshotSchema,
      credential: read.credentialSchema,
    },
    firstRowsReads: read.FIRST_ROWS_READS,
  };
}

export const ROUTES_MODULE = 'virtual:endpoint-routes';
export const CHECKS_MODULE = 'virtual:answer-checks';
const resolved = (id: string) => `\0${id}`;

/**
 * Every endpoint the panel may call, without its schemas, as
 * `{ name: { name, method, path, access, … } }`: written as one row of values
 * each (the keys once, in the loop that makes the objects), and without the
 * worker's endpoints, which only the worker calls with its own key
 * (src/api/routes.ts leaves them out of the types too).
 */
function routesSource({ endpoints }: Sources): string {
  const rows = Object.entries(endpoints)
    .filter(([, { access }]) => access !== 'worker')
    .map(([name, { method, path, access, csv, stream }]) => {
      const flags = { ...(csv ? { csv } : {}), ...(stream ? { stream } : {}) };
      return [name, method, path, access, ...(Object.keys(flags).length > 0 ? [flags] : [])];
    });
  return [
    `const rows = ${JSON.stringify(rows)};`,
    'export default Object.fromEntries(',
    '  rows.map(([name, method, path, access, flags]) => [name, { name, method, path, access, ...flags }]),',
    ');',
  ].join('\n');
}

type Json = Record<string, unknown>;

/**
 * What the checked schemas accept, as JSON Schema, each under its name; a part
 * several share (the contract's connector, credential and source) is one
 * schema they refer to ($ref), written once. A custom check is
 * known by its D3 type name ("dict_type": a JSON object); any other, a
 * transform or a default stops the build: the validator would accept or give
 * what zod would not.
 */
function acceptedShapes(named: Record<string, ZodMiniType>): Record<string, Json> {
  const shapes = (io: 'input' | 'output') => {
    const registry = z.registry<{ id: string }>();
    for (const [id, schema] of Object.entries(named))
      if (!registry.has(schema)) registry.add(schema, { id });
    const made = z.toJSONSchema(registry as unknown as Parameters<typeof z.toJSONSchema>[0], {
      io,
      unrepresentable: 'any',
      uri: (id: string) => id,
      override: ({ zodSchema, jsonSchema }) => {
        const def = (zodSchema as unknown as { _zod: { def: Json } })._zod.def;
        if (def.type !== 'custom') return;
        const type = (def.params as Json | undefined)?.type;
        if (type !== 'dict_type') throw new Error(`an answer's custom check (${String(type)})`);
        jsonSchema.type = 'object';
      },
    }) as unknown as { schemas: Record<string, Json> };
    return made.schemas;
  };
  // zod drops unknown keys from what it gives (output's additionalProperties: false); it accepts them.
  const accepted = shapes('input');
  const given = JSON.stringify(shapes('output')).replaceAll(',"additionalProperties":false', '');
  if (JSON.stringify(accepted) !== given)
    throw new Error('A checked answer is transformed or has a default: parse it with zod');
  return Object.fromEntries(
    Object.entries(accepted).map(([id, { $schema: _dialect, ...shape }]) => [
      id,
      { ...shape, $id: id },
    ]),
  );
}

/** Refuses a keyword answerShape.ts does not check: it would be skipped, not checked. */
function onlyKnownKeywords(shape: unknown, where: string): void {
  if (typeof shape !== 'object' || shape === null) return;
  for (const [key, value] of Object.entries(shape)) {
    if (!SHAPE_KEYWORDS.includes(key))
      throw new Error(
        `${where}: answerShape.ts does not check "${key}"; parse this answer with zod`,
      );
    if (key === 'type' && ![value].flat().every((type) => SHAPE_TYPES.includes(type as string)))
      throw new Error(`${where}: answerShape.ts does not know the type ${JSON.stringify(value)}`);
    if (key === 'properties')
      for (const [name, field] of Object.entries(value as Json))
        onlyKnownKeywords(field, `${where}.${name}`);
    else if (key === 'items') onlyKnownKeywords(value, `${where}[]`);
    else if (key === 'anyOf') for (const one of value as unknown[]) onlyKnownKeywords(one, where);
  }
}

function checksSource({ endpoints, problems, shared, firstRowsReads }: Sources): string {
  const checked: Record<string, ZodMiniType> = { ...problems };
  for (const name of firstRowsReads) {
    const declared = endpoints[name];
    if (!declared) throw new Error(`src/api/firstRowsReads.ts: no endpoint ${name}`);
    checked[name] = declared.answer;
  }
  // The checked answers first: one that is itself a shared part keeps its own name.
  const named = { ...checked, ...shared };
  const shapes = acceptedShapes(named);
  for (const [id, shape] of Object.entries(shapes)) onlyKnownKeywords(shape, id);
  const idOf = (schema: ZodMiniType) =>
    Object.entries(named).find(([, known]) => known === schema)![0];
  const checks = Object.fromEntries(
    Object.entries(checked).map(([name, schema]) => [name, idOf(schema)]),
  );
  return `export const shapes = ${JSON.stringify(shapes)};\nexport const checks = ${JSON.stringify(checks)};`;
}

/** Serves both modules to Vite's build, its dev server and vitest. */
export function panelRoutes(): Plugin {
  let sources: Promise<Sources> | undefined;
  return {
    name: 'sourcedesk-panel-routes',
    resolveId: (id) => (id === ROUTES_MODULE || id === CHECKS_MODULE ? resolved(id) : undefined),
    async load(id) {
      if (id !== resolved(ROUTES_MODULE) && id !== resolved(CHECKS_MODULE)) return undefined;
      sources ??= readSources();
      return id === resolved(ROUTES_MODULE)
        ? routesSource(await sources)
        : checksSource(await sources);
    },
  };
}
