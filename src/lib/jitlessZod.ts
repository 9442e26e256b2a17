// zod/mini as the panel's build gives it (vite.config.ts's alias: every
// `import … from 'zod/mini'` of the panel comes here), configured before any
// schema is built. zod probes `new Function` when it builds an object schema;
// under the panel's Content-Security-Policy (script-src 'self', no
// 'unsafe-eval') that probe is refused and reported as a violation even though
// zod catches it. Jitless zod parses exactly the same, without its compiled
// fast path. Here rather than first in main.tsx: zod now loads after the
// connectors list's first rows, with the first chunk that needs it.
import { config } from 'zod/v4/mini';

config({ jitless: true });

export * from 'zod/v4/mini';
