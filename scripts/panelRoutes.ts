// Two modules the panel's build makes from the endpoint declarations
// (src/contract/endpoints/), so the connectors list's path carries no zod
// (issue 29): generated on every build and test run, never written by hand.
//   virtual:endpoint-routes  every endpoint's name, method, path and access
//                            (what the client needs to call it);
//   virtual:answer-checks    a validator for each answer read before the first
//                            rows (src/api/firstRowsReads.ts) and for D3's
//                            problem shapes: Ajv's standalone code compiled from
//                            the zod schema's JSON Schema (the shape the OpenAPI
//                            document shows).
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import * as z from 'zod';
import type { ZodMiniType } from 'zod/mini';
import type { Endpoint } from '../src/contract/endpoint.ts';

/** What the modules are made of, read through tsx (not bundled into Vite's config). */
interface Sources {
  endpoints: Readonly<Record<string, Endpoint>>;
  problems: Record<'problemValidation' | 'problemDetail', ZodMiniType>;
  firstRowsReads: readonly string[];
}

async function readSources(): Promise<Sources> {
  const from = (path: string) => tsImport(new URL(path, import.meta.url).href, import.meta.url);
  const [all, answers, reads] = await Promise.all([
    from('../src/contract/endpoints/all.ts'),
    from('../src/contract/answers.ts'),
    from('../src/api/firstRowsReads.ts'),
  ]);
  return {
    endpoints: all.ENDPOINTS_BY_NAME,
    problems: {
      problemValidation: answers.httpValidationErrorSchema,
      problemDetail: answers.errorDetailSchema,
    },
    firstRowsReads: reads.FIRST_ROWS_READS,
  };
}

export const ROUTES_MODULE = 'virtual:endpoint-routes';
export const CHECKS_MODULE = 'virtual:answer-checks';
const resolved = (id: string) => `\0${id}`;

/** Every endpoint without its schemas: `{ name: { name, method, path, access, … } }`. */
function routesSource({ endpoints }: Sources): string {
  const routes = Object.fromEntries(
    Object.entries(endpoints).map(([name, { method, path, access, csv, stream }]) => [
      name,
      { name, method, path, access, ...(csv ? { csv } : {}), ...(stream ? { stream } : {}) },
    ]),
  );
  return `export default ${JSON.stringify(routes)};`;
}

type Json = Record<string, unknown>;

/**
 * What a schema accepts, as JSON Schema. A custom check is known by its D3
 * type name ("dict_type": a JSON object); any other, a transform or a default
 * stops the build: the validator would accept or give what zod would not.
 */
function acceptedShape(name: string, schema: ZodMiniType): Json {
  const shape = (io: 'input' | 'output') =>
    z.toJSONSchema(schema as unknown as z.ZodType, {
      io,
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        const def = (zodSchema as unknown as { _zod: { def: Json } })._zod.def;
        if (def.type !== 'custom') return;
        const type = (def.params as Json | undefined)?.type;
        if (type !== 'dict_type') throw new Error(`${name}: a custom check (${String(type)})`);
        jsonSchema.type = 'object';
      },
    }) as Json;
  // zod drops unknown keys from what it gives (output's additionalProperties: false); it accepts them.
  const accepted = shape('input');
  const given = JSON.stringify(shape('output')).replaceAll(',"additionalProperties":false', '');
  if (JSON.stringify(accepted) !== given)
    throw new Error(`${name}: its answer is transformed or has a default; parse it with zod`);
  const { $schema: _dialect, ...rest } = accepted;
  return rest;
}

function checksSource({ endpoints, problems, firstRowsReads }: Sources): string {
  const schemas: Record<string, ZodMiniType> = { ...problems };
  for (const name of firstRowsReads) {
    const declared = endpoints[name];
    if (!declared) throw new Error(`src/api/firstRowsReads.ts: no endpoint ${name}`);
    schemas[name] = declared.answer;
  }
  const ajv = new Ajv({
    code: { source: true, esm: true, optimize: true },
    validateFormats: false,
    messages: false,
    strict: false,
  });
  for (const [name, schema] of Object.entries(schemas))
    ajv.addSchema(acceptedShape(name, schema), name);
  return standaloneCode(ajv, Object.fromEntries(Object.keys(schemas).map((name) => [name, name])));
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
