// The floor: a bare node:http server answering every request with the same
// bytes, read once from a file and kept in memory. A child process, like the
// real server. Prints `listening <port>` when ready.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const file = process.argv[2];
if (!file) throw new Error('usage: bare.ts <body file>');
const body = readFileSync(file);

const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stderr.write(`listening ${port}\n`);
});
