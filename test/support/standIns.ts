// Stand-ins for the sources a connection test calls: real HTTP(S) servers on
// 127.0.0.1 and an ephemeral port, answering as Jira Cloud, Jira Data Center,
// Confluence, GitHub, GitLab, Slack and Zendesk do for the few requests the
// checks send (right and wrong tokens), and recording every request they get.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Route = (request: http.IncomingMessage, response: http.ServerResponse) => void;
export interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
}

export interface StandIn {
  /** http(s)://127.0.0.1:<port> */
  origin: string;
  host: string;
  seen: Seen[];
  close(): Promise<void>;
}

export function sendJson(response: http.ServerResponse, status: number, value: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

/** Serves `routes` ("GET /path", without the query); anything else is a JSON 404. */
export async function startStandIn(
  routes: Record<string, Route>,
  tls?: { key: Buffer; cert: Buffer },
): Promise<StandIn> {
  const seen: Seen[] = [];
  const handle = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const { method = 'GET', url = '/' } = request;
    seen.push({ method, url, authorization: request.headers.authorization });
    const route = routes[`${method} ${url.split('?')[0]}`];
    if (route) route(request, response);
    else sendJson(response, 404, { message: 'Not Found' });
  };
  const server = tls ? https.createServer(tls, handle) : http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const host = `127.0.0.1:${port}`;
  return {
    origin: `${tls ? 'https' : 'http'}://${host}`,
    host,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A route that answers `ok` to the right Authorization header and 401 to any other. */
const guarded =
  (authorization: string, ok: unknown): Route =>
  (request, response) =>
    request.headers.authorization === authorization
      ? sendJson(response, 200, ok)
      : sendJson(response, 401, { errorMessages: ['Client must be authenticated'] });

/** Jira Cloud: REST v3, Basic e-mail:API token; the projects named exist. */
export const jiraCloud = (email: string, token: string, projects: string[] = []) => ({
  'GET /rest/api/3/myself': guarded(basic(email, token), { accountId: 'a1', active: true }),
  ...Object.fromEntries(
    projects.map((key) => [
      `GET /rest/api/3/project/${key}`,
      guarded(basic(email, token), { key }),
    ]),
  ),
});

/** Jira Server / Data Center: REST v2, a personal access token as Bearer. */
export const jiraDataCenter = (token: string, projects: string[] = []) => ({
  'GET /rest/api/2/myself': guarded(`Bearer ${token}`, { name: 'bot', active: true }),
  ...Object.fromEntries(
    projects.map((key) => [`GET /rest/api/2/project/${key}`, guarded(`Bearer ${token}`, { key })]),
  ),
});

const spaces = { results: [{ key: 'ENG' }], size: 1 };
/** Confluence Cloud under /wiki, Basic user:token. */
export const confluenceCloud = (user: string, token: string) => ({
  'GET /wiki/rest/api/space': guarded(basic(user, token), spaces),
});
/** Confluence Server / Data Center at the root, Bearer token. */
export const confluenceServer = (token: string) => ({
  'GET /rest/api/space': guarded(`Bearer ${token}`, spaces),
});

/** GitHub: /user for the token, and the repositories named (others are 404, as GitHub answers). */
export const github = (token: string, repositories: string[]) => ({
  'GET /user': guarded(`Bearer ${token}`, { login: 'bot' }),
  ...Object.fromEntries(
    repositories.map((name) => [`GET /repos/${name}`, guarded(`Bearer ${token}`, { name })]),
  ),
});

/** GitLab: PRIVATE-TOKEN. */
export const gitlab = (token: string, projects: string[]): Record<string, Route> => {
  const check =
    (ok: unknown): Route =>
    (request, response) =>
      request.headers['private-token'] === token
        ? sendJson(response, 200, ok)
        : sendJson(response, 401, { message: '401 Unauthorized' });
  return {
    'GET /api/v4/user': check({ id: 1 }),
    ...Object.fromEntries(
      projects.map((path) => [`GET /api/v4/projects/${encodeURIComponent(path)}`, check({ path })]),
    ),
  };
};

/** Slack: 200 with ok false for a wrong token; channels listed two to a page. */
export const slack = (token: string, channels: string[]): Record<string, Route> => {
  const refuse = (response: http.ServerResponse) =>
    sendJson(response, 200, { ok: false, error: 'invalid_auth' });
  return {
    'POST /api/auth.test': (request, response) =>
      request.headers.authorization === `Bearer ${token}`
        ? sendJson(response, 200, { ok: true, team: 'Acme', user: 'bot' })
        : refuse(response),
    'GET /api/conversations.list': (request, response) => {
      if (request.headers.authorization !== `Bearer ${token}`) return refuse(response);
      const cursor = Number(new URL(request.url!, 'http://x').searchParams.get('cursor') || 0);
      const page = channels
        .slice(cursor, cursor + 2)
        .map((name, i) => ({ id: `C${cursor + i}`, name }));
      const next = cursor + 2 < channels.length ? String(cursor + 2) : '';
      sendJson(response, 200, {
        ok: true,
        channels: page,
        response_metadata: { next_cursor: next },
      });
    },
  };
};

/** Zendesk, with the subdomain in the path (the hosts setting `http://…/{subdomain}`). */
export const zendesk = (subdomain: string, email: string, token: string) => ({
  [`GET /${subdomain}/api/v2/users/me.json`]: ((request, response) =>
    request.headers.authorization === basic(`${email}/token`, token)
      ? sendJson(response, 200, { user: { id: 7, name: 'Bot' } })
      : sendJson(response, 200, { user: { id: null, name: 'Anonymous user' } })) as Route,
});

/** A certificate no one trusts, made with openssl for this run. */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(join(tmpdir(), 'sd-tls-'));
  try {
    const [key, cert] = [join(folder, 'key.pem'), join(folder, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The token an Authorization header carries: Bearer's, or Basic's password. */
function tokenOf(authorization: string | undefined): string {
  const [scheme = '', value = ''] = (authorization ?? '').split(' ');
  if (scheme === 'Basic')
    return Buffer.from(value, 'base64').toString().split(':').slice(1).join(':');
  return value;
}

export interface TokenSource {
  routes: Record<string, Route>;
  /** The source refuses this token from now on, as a revoked one. */
  revoke(token: string): void;
  /** The source accepts this token (again). */
  accept(token: string): void;
}

/**
 * A source whose tokens can be revoked during a test: `make(token)`
 * is one of the stand-ins above (jiraCloud, jiraDataCenter, github, slack…),
 * answering each request as it answers for the token sent when that token is
 * accepted, and as it answers a wrong one otherwise.
 */
export function tokenSource(make: (token: string) => Record<string, Route>, tokens: string[]) {
  const accepted = new Set(tokens);
  const refused = make('\u0000 no token is this one');
  const routes = Object.fromEntries(
    Object.keys(refused).map((key): [string, Route] => [
      key,
      (request, response) => {
        const token = tokenOf(request.headers.authorization);
        const route = accepted.has(token) ? make(token)[key] : refused[key];
        route!(request, response);
      },
    ]),
  );
  return {
    routes,
    revoke: (token: string) => void accepted.delete(token),
    accept: (token: string) => void accepted.add(token),
  } satisfies TokenSource;
}
