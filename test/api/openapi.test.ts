// GET /api/openapi.json describes the API as it is: every route the server
// registers (and nothing else), who may call it, and answers that the real
// server's answers match — successes and the 401/403/404/413/415/422 shapes.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { addCredential, api, createConnector, jiraRequest } from '../support/http';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let server: TestServer;
let doc: Json;
let connector: number;
let credential: number;
let basicKey: string;
let workerKey: string;

beforeAll(async () => {
  server = await startTestServer();
  doc = (await api(server, 'GET', '/openapi.json', { key: null })).json as Json;
  connector = await createConnector(server, jiraRequest({ name: 'Described' }));
  credential = await addCredential(server, 'jira', {
    jira_user_email: 'a@b.co',
    jira_api_token: 't',
  });
  basicKey = await server.keyFor('basic');
  workerKey = (
    (await api(server, 'POST', '/manage/admin/worker-key', { body: { name: 'Described' } }))
      .json as { key: string }
  ).key;
});
afterAll(() => server.close());

const ajv = new Ajv2020({ strict: false, allErrors: true });

/** The answer schema the document gives for a method, path and status. */
function schemaFor(method: string, path: string, status: number): Json {
  const response = doc.paths[path]?.[method]?.responses?.[status];
  expect(response, `${method.toUpperCase()} ${path} documents ${status}`).toBeDefined();
  const schema = response.content['application/json'].schema as Json;
  return schema.$ref ? doc.components.schemas[(schema.$ref as string).split('/').pop()!] : schema;
}

/** Each header the document gives this answer is in the real answer, and fits its schema. */
function expectDocumentedHeaders(method: string, path: string, status: number, headers: Headers) {
  const documented = (doc.paths[path][method].responses[status].headers ?? {}) as Json;
  for (const [name, header] of Object.entries(documented)) {
    const value = headers.get(name);
    expect(value, `${method} ${path} ${status} sends ${name}`).not.toBeNull();
    expect(ajv.validate((header as Json).schema, value), `${name}: ${value}`).toBe(true);
  }
}

function expectValid(method: string, path: string, status: number, body: unknown) {
  const validate = ajv.compile(schemaFor(method, path, status));
  const valid = validate(body);
  expect(valid, `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

describe('the document', () => {
  it('is OpenAPI 3.1, public, with bearer security and the error shapes', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Sourcedesk API');
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.ErrorDetail.required).toEqual(['detail']);
    const again = await api(server, 'GET', '/openapi.json', {
      headers: { authorization: 'Bearer wrong' },
    });
    expect(again.status).toBe(200); // no key needed, a wrong one ignored
  });

  it('describes every route the server registers, and no other', () => {
    const registered = server.apiRoutes
      // SCIM describes itself in RFC 7643's shapes (/scim/v2/Schemas, /ResourceTypes).
      .filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/api/scim/v2/'))
      .map(
        (route) => `${route.method} ${route.url.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}')}`,
      )
      .sort();
    const described = Object.entries(doc.paths as Record<string, Json>)
      .flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(described).toEqual(registered);
  });

  it('says who may call each endpoint, as the server decides it', async () => {
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
        const roles = operation['x-roles'] as string[];
        if (roles.includes('worker_key')) {
          // D14: a worker route takes a worker key only; a user's key is 403 there.
          expect(operation.security).toEqual([{ bearer: [] }]);
          const answer = await api(server, method.toUpperCase(), path.replace('{job_id}', '1'), {
            key: basicKey,
            ...(operation.requestBody ? { body: {} } : {}),
          });
          expect(answer.status, `${method} ${path} as basic`).toBe(403);
          continue;
        }
        if (roles.length === 0) {
          expect(operation.security).toEqual([]);
          continue;
        }
        expect(operation.security).toEqual([{ bearer: [] }, { session: [] }]);
        const concrete = path
          .replace('{connector_id}', '999999')
          .replace('{credential_id}', '999998');
        const answer = await api(server, method.toUpperCase(), concrete, {
          key: basicKey,
          ...(operation.requestBody ? { body: {} } : {}),
        });
        expect(answer.status === 403, `${method} ${path} as basic`).toBe(!roles.includes('basic'));
      }
    }
  });
  it('says what every field of every body and every answer is, nested ones too', () => {
    const undescribed: string[] = [];
    const walk = (schema: Json | undefined, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      for (const [name, field] of Object.entries((schema.properties ?? {}) as Json)) {
        if (typeof field.description !== 'string' || field.description.trim() === '')
          undescribed.push(`${where}.${name}`);
        walk(field, `${where}.${name}`);
      }
      for (const part of ['items', 'additionalProperties'])
        if (schema[part] && typeof schema[part] === 'object') walk(schema[part], `${where}[]`);
      for (const part of ['anyOf', 'oneOf', 'allOf'])
        for (const option of (schema[part] ?? []) as Json[]) walk(option, where);
    };
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
        const name = `${method.toUpperCase()} ${path}`;
        walk(operation.requestBody?.content?.['application/json']?.schema, `${name} body`);
        for (const media of Object.values((operation.responses[200]?.content ?? {}) as Json))
          walk(media.schema, `${name} answer`);
      }
    }
    expect(undescribed).toEqual([]);
  });
});

describe('integer parameters: the bounds the document gives are the server’s', () => {
  it('each bound is accepted, and one past it is refused (422 at that parameter)', async () => {
    const checked: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
        const parameters = (operation.parameters ?? []) as Json[];
        for (const parameter of parameters.filter((p) => p.schema.type === 'integer')) {
          const { minimum, maximum } = parameter.schema as { minimum: number; maximum: number };
          expect(Number.isSafeInteger(minimum) && Number.isSafeInteger(maximum)).toBe(true);
          const edges: [bigint, boolean][] = [
            [BigInt(minimum), false],
            [BigInt(minimum) - 1n, true],
            [BigInt(maximum), false],
            [BigInt(maximum) + 1n, true],
          ];
          for (const [value, refused] of edges) {
            let concrete = path.replace(`{${parameter.name}}`, String(value));
            concrete = concrete.replace(/\{\w+\}/g, '999999');
            if (parameter.in === 'query') concrete += `?${parameter.name}=${value}`;
            const answer = await api(server, method.toUpperCase(), concrete, {
              ...(operation.requestBody ? { body: {} } : {}),
              ...(path.startsWith('/manage/worker/') ? { key: workerKey } : {}),
            });
            const what = `${method} ${concrete}: ${answer.status} ${answer.text}`;
            // An empty body may be wrong on its own (a body with required fields): only
            // a problem at this parameter counts here.
            const problems =
              answer.status === 422
                ? (answer.json as { detail: { loc: unknown[] }[] }).detail.filter(
                    (problem) => problem.loc[0] !== 'body',
                  )
                : [];
            expect(problems.length > 0, what).toBe(refused);
            if (refused) expect(problems[0]?.loc, what).toEqual([parameter.in, parameter.name]);
          }
          checked.push(`${method} ${path} ${parameter.name}`);
        }
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'get /manage/users/accepted page_num',
        'get /manage/users/accepted page_size',
        'get /manage/admin/connector credential',
        'delete /manage/admin/connector/{connector_id} connector_id',
      ]),
    );
  });
});

describe('real answers match what the document says', () => {
  it('successes', async () => {
    const connectorPath = '/manage/admin/connector/{connector_id}';
    const pairPath = '/manage/admin/connector/{connector_id}/credential/{credential_id}';
    const keyPath = '/admin/api-key/{api_key_id}';
    const made = (
      (await api(server, 'POST', '/admin/api-key', { body: { role: 'basic' } })).json as Json
    ).api_key_id as number;
    const calls: [string, string, string, unknown?][] = [
      ['get', '/manage/admin/connector', '/manage/admin/connector'],
      ['get', '/manage/admin/credential', '/manage/admin/credential'],
      ['get', connectorPath, `/manage/admin/connector/${connector}`],
      ['patch', connectorPath, `/manage/admin/connector/${connector}`, { refresh_freq: 7200 }],
      ['put', pairPath, `/manage/admin/connector/${connector}/credential/${credential}`],
      ['delete', pairPath, `/manage/admin/connector/${connector}/credential/${credential}`],
      [
        'post',
        '/manage/credential',
        '/manage/credential',
        {
          name: 'Documented',
          source: 'web',
          credential_json: { token: 'x' },
          admin_public: true,
        },
      ],
      ['get', '/manage/users/accepted', '/manage/users/accepted'],
      ['put', '/manage/admin/users', '/manage/admin/users', { emails: ['doc@example.com'] }],
      ['get', '/manage/users/invited', '/manage/users/invited'],
      [
        'patch',
        '/manage/admin/remove-invited-user',
        '/manage/admin/remove-invited-user',
        { user_email: 'doc@example.com' },
      ],
      [
        'patch',
        '/manage/admin/activate-user',
        '/manage/admin/activate-user',
        { user_email: 'documented@example.com' },
      ],
      [
        'patch',
        '/manage/admin/deactivate-user',
        '/manage/admin/deactivate-user',
        { user_email: 'leaving@example.com' },
      ],
      [
        'delete',
        '/manage/admin/delete-user',
        '/manage/admin/delete-user',
        { user_email: 'leaving@example.com' },
      ],
      ['get', '/me', '/me'],
      ['get', '/versions', '/versions'],
      ['get', '/version', '/version'],
      ['get', '/health', '/health'],
      [
        'post',
        '/manage/admin/connector',
        '/manage/admin/connector',
        jiraRequest({ name: 'Documented too' }),
      ],
      [
        'patch',
        '/manage/set-user-role',
        '/manage/set-user-role',
        {
          user_email: 'documented@example.com',
          new_role: 'basic',
        },
      ],
      ['delete', connectorPath, `/manage/admin/connector/${connector}`],
      [
        'patch',
        '/manage/admin/credential/{credential_id}',
        `/manage/admin/credential/${credential}`,
        { name: 'Renamed' },
      ],
      [
        'delete',
        '/manage/admin/credential/{credential_id}',
        `/manage/admin/credential/${credential}?force=true`,
      ],
      ['get', '/openapi.json', '/openapi.json'],
      ['get', '/admin/audit', '/admin/audit?limit=5'],
      ['post', '/admin/api-key', '/admin/api-key', { name: 'Documented', role: 'basic' }],
      ['get', '/admin/api-key', '/admin/api-key'],
      ['patch', keyPath, `/admin/api-key/${made}`, { name: 'Renamed', role: 'limited' }],
      ['post', `${keyPath}/regenerate`, `/admin/api-key/${made}/regenerate`],
      ['delete', keyPath, `/admin/api-key/${made}`],
      [
        'post',
        '/manage/admin/connector/test',
        '/manage/admin/connector/test',
        { source: 'file', connector_specific_config: {} },
      ],
    ];
    await server.keyFor('curator', 'documented@example.com');
    await server.keyFor('basic', 'leaving@example.com');
    for (const [method, path, concrete, body] of calls) {
      const answer = await api(server, method.toUpperCase(), concrete, body ? { body } : {});
      expect(answer.status, `${method} ${concrete}: ${answer.text}`).toBe(200);
      expectValid(method, path, 200, answer.json);
    }
  });

  it('the users CSV is text/csv, as documented', async () => {
    const operation = doc.paths['/manage/users/download'].get as Json;
    expect(Object.keys(operation.responses[200].content)).toEqual(['text/csv']);
    const answer = await api(server, 'GET', '/manage/users/download');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
  });

  it('the activity export is NDJSON of documented records, or CSV, as documented', async () => {
    const operation = doc.paths['/admin/audit/export'].get as Json;
    const content = operation.responses[200].content as Json;
    expect(Object.keys(content)).toEqual(['application/x-ndjson', 'text/csv']);
    const validate = ajv.compile(content['application/x-ndjson'].schema as Json);
    const ndjson = await api(server, 'GET', '/admin/audit/export');
    expect(ndjson.status).toBe(200);
    expect(ndjson.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = ndjson.text.split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(validate(JSON.parse(line)), ajv.errorsText(validate.errors)).toBe(true);
    }
    const csv = await api(server, 'GET', '/admin/audit/export?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
  });

  it('400, 401, 403, 404, 413, 415 and 422', async () => {
    const notChecked = { source: 'file', connector_specific_config: {} };
    const list = '/manage/admin/connector';
    const taken = jiraRequest({ name: 'Taken' });
    await createConnector(server, taken);
    const keys = (await api(server, 'GET', '/admin/api-key')).json as Json[];
    const adminKeyId = keys.find((key) => key.user_email === server.adminEmail)!.api_key_id;
    const keyPath = '/admin/api-key/{api_key_id}';
    // The answer's path, if not the documented one with 999999 for its ids.
    const cases: [number, string, string, Parameters<typeof api>[3], string?][] = [
      [400, 'post', list, { body: taken }],
      [401, 'get', list, { key: null }],
      [403, 'get', list, { key: basicKey }],
      [404, 'get', '/manage/admin/connector/{connector_id}', {}],
      [413, 'post', list, { raw: `{"name":"${'x'.repeat(1_100_000)}"}` }],
      [415, 'post', list, { raw: '{}', headers: { 'content-type': 'text/plain' } }],
      [422, 'post', list, { body: {} }],
      [
        404,
        'post',
        '/manage/admin/connector/test',
        { body: { ...notChecked, credential_id: 999999 } },
      ],
      [400, 'delete', keyPath, {}, `/admin/api-key/${adminKeyId}`],
      [403, 'get', '/admin/api-key', { key: basicKey }],
      [404, 'patch', keyPath, { body: { name: 'x' } }],
      [404, 'post', `${keyPath}/regenerate`, {}],
      [404, 'delete', keyPath, {}],
      [415, 'post', '/admin/api-key', { raw: '{}', headers: { 'content-type': 'text/plain' } }],
      [422, 'post', '/admin/api-key', { body: { role: 'curator' } }],
      [422, 'patch', keyPath, { body: { role: 'owner' } }],
      [422, 'get', '/admin/audit', {}, '/admin/audit?limit=0'],
      [422, 'get', '/admin/audit/export', {}, '/admin/audit/export?since=yesterday'],
    ];
    for (const [status, method, path, options, asked] of cases) {
      const concrete =
        asked ?? path.replace('{connector_id}', '999999').replace('{api_key_id}', '999999');
      const answer = await api(server, method.toUpperCase(), concrete, options);
      expect(answer.status, `${method} ${concrete}`).toBe(status);
      expectValid(method, path, status, answer.json);
      expectDocumentedHeaders(method, path, status, answer.headers);
    }
  });

  it('503 with Retry-After is documented wherever the database is asked (D11), and only there', () => {
    const without = ['get /versions', 'get /version', 'get /openapi.json', 'get /auth/methods'];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
        const unavailable = operation.responses[503] as Json | undefined;
        const name = `${method} ${path}`;
        expect(unavailable === undefined, name).toBe(without.includes(name));
        if (unavailable) expect(Object.keys(unavailable.headers), name).toEqual(['Retry-After']);
      }
    }
  });

  it('429 after too many wrong keys, with the Retry-After it documents', async () => {
    const limited = await startTestServer({ authFailureLimit: { failures: 2, windowMs: 60_000 } });
    try {
      let answer = await api(limited, 'GET', '/manage/admin/connector', { key: 'wrong' });
      for (let tries = 0; answer.status !== 429 && tries < 5; tries += 1) {
        answer = await api(limited, 'GET', '/manage/admin/connector', { key: 'wrong' });
      }
      expect(answer.status).toBe(429);
      expectValid('get', '/manage/admin/connector', 429, answer.json);
      expectDocumentedHeaders('get', '/manage/admin/connector', 429, answer.headers);
    } finally {
      await limited.close();
    }
  });
});
