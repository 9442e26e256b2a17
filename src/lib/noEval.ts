// Imported first by main.tsx, before any schema is built. zod probes
// `new Function` when it builds an object schema; under the panel's
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') that probe is
// refused and reported as a violation even though zod catches it. Jitless zod
// parses exactly the same, without its compiled fast path.
import * as z from 'zod/mini';

z.config({ jitless: true });
