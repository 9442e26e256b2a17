// On close (SIGTERM), answers to the requests still in flight carry
// `Connection: close`: keep-alive clients then let go, and the server does not
// wait out the keep-alive timeout before it can exit. Fastify already does so
// for requests that arrive while closing.
import type { FastifyInstance } from 'fastify';

export function closeConnectionsOnClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
