// Security headers on every answer — pages may run only the build's own
// scripts and cannot be framed; API answers, errors included, are never cached.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { api } from '../support/http';

const dist = mkdtempSync(join(tmpdir(), 'sourcedesk-headers-'));
let panel: TestServer;
let bare: TestServer;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>Sourcedesk</title><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(dist, 'assets', 'app.js'), 'export {};');
  [panel, bare] = await Promise.all([startTestServer({ staticDir: dist }), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([panel.close(), bare.close()]);
  rmSync(dist, { recursive: true, force: true });
});

function expectBrowserProtection(headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')] as const;
    }),
  );
  expect(directives.get('script-src')).toBe("'self'");
  expect(directives.get('default-src')).toBe("'self'");
  expect(directives.get('object-src')).toBe("'none'");
  expect(directives.get('frame-ancestors')).toBe("'none'");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-frame-options')).toBe('DENY');
}

describe('served pages carry a CSP without inline scripts and frame protection', () => {
  it.each(['/', '/connectors', '/connectors/new/jira?step=review', '/users'])(
    'GET %s (index.html)',
    async (path) => {
      const response = await fetch(`${panel.origin}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expectBrowserProtection(response.headers);
    },
  );

  it('the built scripts themselves, and the placeholder page when the panel is not built', async () => {
    const script = await fetch(`${panel.origin}/assets/app.js`);
    expect(script.status).toBe(200);
    expectBrowserProtection(script.headers);
    // Content-named assets are kept by the browser; index.html is not.
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await fetch(`${panel.origin}/connectors`);
    expect(page.headers.get('cache-control')).not.toMatch(/immutable/);
    const placeholder = await fetch(`${bare.origin}/`);
    expect(await placeholder.text()).toContain('The panel is not built');
    expectBrowserProtection(placeholder.headers);
  });
});

describe('D1, D11: API answers are no-store and nosniff, errors included', () => {
  const cases: [string, string, string | null, number][] = [
    ['GET', '/manage/admin/connector', 'admin', 200],
    ['GET', '/manage/admin/credential', 'admin', 200],
    ['GET', '/versions', null, 200],
    ['GET', '/version', null, 200],
    ['GET', '/health', null, 200],
    ['GET', '/manage/admin/connector', null, 401],
    ['GET', '/manage/admin/connector?credential=abc', 'admin', 422],
    ['PUT', '/manage/admin/connector/999/credential/0', 'admin', 404],
    ['DELETE', '/manage/admin/connector', 'admin', 405],
    ['GET', '/no-such-endpoint', null, 404],
    ['GET', '/manage/admin/connector/%E0%A4%A', null, 400],
  ];
  it.each(cases)('%s %s (key: %s) → %i', async (method, path, key, status) => {
    const response = await api(panel, method, path, key === null ? { key: null } : {});
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
