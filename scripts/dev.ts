// `npm run dev`: the API server (restarted on change) and Vite's dev server with
// hot reload, which proxies /api to it. Ctrl-C stops both.
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
