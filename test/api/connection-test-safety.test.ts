// The safety rules of a connection test, each against a real server that
// misbehaves: time limits (per check and in all), redirects (never to another
// host), answers past 1 MiB, untrusted certificates, header injection, and a
// credential that never reaches any host but the one the config names.
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionTestResultSchema } from '../../src/contract/connectionTest';
import { startTestServer, type TestServer } from '../support/harness';
import { api } from '../support/http';
import * as standIns from '../support/standIns';
import type { StandIn } from '../support/standIns';

const TOKEN = 'ATATT3xFfGF0-safety-token-never-shown';
const EMAIL = 'bot@acme.example';
let server: TestServer;
let githubHost: StandIn;
const started: StandIn[] = [];
const hanging = new Set<http.ServerResponse>();

/** Never answers (until the stand-in closes). */
const hang: standIns.Route = (_request, response) => void hanging.add(response);

beforeAll(async () => {
  githubHost = await standIns.startStandIn({
    'GET /user': (_q, r) => standIns.sendJson(r, 200, { login: 'bot' }),
    'GET /repos/acme/a': hang,
    'GET /repos/acme/b': hang,
    'GET /repos/acme/c': hang,
  });
  server = await startTestServer({
    connectionTest: {
      checkMs: 300,
      totalMs: 600,
      limit: null,
      hosts: { github: githubHost.origin },
    },
  });
});
afterAll(async () => {
  await server.close();
  for (const standIn of [githubHost, ...started]) await standIn.close();
});

async function standIn(
  routes: Record<string, standIns.Route>,
  tls?: { key: Buffer; cert: Buffer },
) {
  const one = await standIns.startStandIn(routes, tls);
  started.push(one);
  return one;
}

/** A Jira Cloud test of the site at `base`; the answer, checked to hold no secret. */
async function jiraTest(base: string, token = TOKEN) {
  const response = await api(server, 'POST', '/manage/admin/connector/test', {
    body: {
      source: 'jira',
      connector_specific_config: { jira_base_url: base },
      credential_json: { jira_user_email: EMAIL, jira_api_token: token },
    },
  });
  expect(response.status, response.text).toBe(200);
  expect(response.text).not.toContain(TOKEN);
  return connectionTestResultSchema.parse(response.json);
}

const myself = (route: standIns.Route) => ({ 'GET /rest/api/3/myself': route });

describe('time limits', () => {
  it('a check that gets no answer fails at its limit, in words', async () => {
    const slow = await standIn(myself(hang));
    const started = Date.now();
    const result = await jiraTest(slow.origin);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(result.checks[0]).toMatchObject({
      ok: false,
      message: `Jira (${slow.host}) did not answer within 300 ms`,
    });
  });

  it('the whole test stops at its own limit; checks past it are not run', async () => {
    const response = await api(server, 'POST', '/manage/admin/connector/test', {
      body: {
        source: 'github',
        connector_specific_config: { repo_owner: 'acme', repositories: 'a,b,c' },
        credential_json: { github_access_token: TOKEN },
      },
    });
    const result = connectionTestResultSchema.parse(response.json);
    expect(result.checks.map((check) => check.ok)).toEqual([true, false, false, null]);
    expect(result.checks[3]!.message).toBe('Not checked: the test used up its 600 ms');
    expect(result.ok).toBe(false);
  });
});

describe('redirects', () => {
  it('to another host: not followed, the credential is not sent there', async () => {
    const elsewhere = await standIn({});
    const port = elsewhere.host.split(':')[1];
    const jira = await standIn(
      myself((_q, r) => r.writeHead(302, { location: `http://localhost:${port}/steal` }).end()),
    );
    const result = await jiraTest(jira.origin);
    expect(result.checks[0]).toMatchObject({
      ok: false,
      message: `Jira (${jira.host}) redirected to localhost:${port}; not followed, the credential is sent nowhere else`,
    });
    expect(elsewhere.seen).toEqual([]);
  });

  it('within the same origin: followed, at most 3 times', async () => {
    const jira = await standIn({
      ...myself((_q, r) => r.writeHead(301, { location: '/rest/api/3/myself-moved' }).end()),
      'GET /rest/api/3/myself-moved': (_q, r) => standIns.sendJson(r, 200, { accountId: 'a1' }),
      'GET /loop/rest/api/3/myself': (_q, r) =>
        r.writeHead(302, { location: '/loop/rest/api/3/myself' }).end(),
    });
    expect((await jiraTest(jira.origin)).ok).toBe(true);
    expect((await jiraTest(`${jira.origin}/loop`)).checks[0]!.message).toBe(
      `Jira (${jira.host}) redirected more than 3 times`,
    );
    expect(jira.seen.filter((r) => r.url.startsWith('/loop'))).toHaveLength(4);
  });
});

describe('what is read, and how', () => {
  it('an answer of 5 MB is read to 1 MiB, then the check fails', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const huge = await standIn(
      myself((_q, r) => {
        r.writeHead(200, { 'content-type': 'application/json' });
        const more = () => {
          while (sent < 5 * 1024 * 1024 && r.write(chunk)) sent += chunk.length;
          if (sent < 5 * 1024 * 1024) r.once('drain', more);
          else r.end();
        };
        r.on('close', () => r.removeAllListeners('drain'));
        more();
      }),
    );
    const result = await jiraTest(huge.origin);
    expect(result.checks[0]).toMatchObject({
      ok: false,
      message: `Jira (${huge.host}) sent an answer over 1 MiB; stopped reading it`,
    });
    expect(sent).toBeLessThan(5 * 1024 * 1024);
  });

  it('an untrusted certificate is a failed check, said with words', async () => {
    const tls = await standIn(
      myself((_q, r) => standIns.sendJson(r, 200, { accountId: 'a1' })),
      standIns.selfSignedCertificate(),
    );
    const result = await jiraTest(tls.origin);
    expect(result.checks[0]).toMatchObject({
      ok: false,
      message: `Could not make a secure connection to ${tls.host} (certificate is self-signed and not trusted)`,
    });
    expect(tls.seen).toEqual([]); // the request, and its token, never went out
  });

  it('nothing listening, and a token that would break the header', async () => {
    const closed = await standIn({});
    await closed.close();
    expect((await jiraTest(closed.origin)).checks[0]!.message).toBe(
      `${closed.host} refused the connection: nothing answers at that address and port`,
    );
    // Data Center's token goes in the header as it is (Cloud's is base64 in Basic).
    const jira = await standIn({
      'GET /rest/api/2/myself': (_q, r) => standIns.sendJson(r, 200, {}),
    });
    const response = await api(server, 'POST', '/manage/admin/connector/test', {
      body: {
        source: 'jira',
        connector_specific_config: { jira_base_url: jira.origin },
        credential_json: { jira_api_token: `${TOKEN}\r\nx-evil: 1` },
      },
    });
    expect(response.text).not.toContain(TOKEN);
    expect((response.json as { checks: { message: string }[] }).checks[0]!.message).toBe(
      'The credential holds characters an HTTP header cannot carry (a line break?)',
    );
    expect(jira.seen).toEqual([]);
  });

  it('private addresses are allowed: self-hosted sources live there', async () => {
    const jira = await standIn(standIns.jiraCloud(EMAIL, TOKEN));
    expect(new URL(jira.origin).hostname).toBe('127.0.0.1');
    expect((await jiraTest(jira.origin)).ok).toBe(true);
  });
});
