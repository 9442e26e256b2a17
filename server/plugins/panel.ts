// The built panel (vite's dist/) beside the API, or a placeholder page when it
// is not built; every path that is not the API's is the panel's index.html,
// and an unknown API path is a 404 or, on a known path, a 405 (D11).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/contract/endpoint';
import { isApiPath, normalPath } from '../http/paths';
import type { ApiRoute } from './routeTable';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sourcedesk</title></head>
<body><main><h1>Sourcedesk</h1><p>The panel is not built. Run <code>npm run build</code>, or <code>npm start</code>.</p></main></body></html>`;

/** Serves the panel from `staticDir` (null: the placeholder) and answers every unknown path. */
export async function servePanel(
  app: FastifyInstance,
  staticDir: string | null,
  apiRoutes: readonly ApiRoute[],
) {
  const hasPanel = staticDir !== null && existsSync(join(staticDir, 'index.html'));
  if (hasPanel) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // Source maps hold the full source: never served, even if a build left some.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      // Vite names every file under assets/ by its content: it can be kept for
      // good. Everything else (index.html, the icon) is checked again each time.
      cacheControl: false,
      setHeaders: (response, path) => {
        const named = /[\\/]assets[\\/]/.test(path);
        response.setHeader(
          'cache-control',
          named ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = normalPath(request.url);
    if (isApiPath(request.url, API_PREFIX)) {
      const allowed = apiRoutes.filter((route) => route.pattern.test(path)).map((r) => r.method);
      return allowed.length > 0
        ? reply.code(405).header('allow', allowed.join(', ')).send({ detail: 'Method Not Allowed' })
        : reply.code(404).send({ detail: 'Not Found' });
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.endsWith('.map')) {
      return reply.code(404).send({ detail: 'Not Found' });
    }
    // The panel's routes live in the browser: every other page is index.html.
    return hasPanel ? reply.sendFile('index.html') : reply.type('text/html').send(PLACEHOLDER);
  });
}
