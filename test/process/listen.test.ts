// The server listens on 127.0.0.1 unless told otherwise, and says so
// when told to listen wider. No traffic is sent: the printed banner and, on
// Linux, the kernel's table of listening sockets tell where it listens.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { startServerProcess } from '../support/process';

const WARNING = /WARNING: listening on 0\.0\.0\.0, reachable from other machines/;

/** The IPv4 address a listening socket on this port is bound to, from /proc/net/tcp. */
function boundAddress(port: number): string | null | undefined {
  if (!existsSync('/proc/net/tcp')) return undefined; // not Linux: skip this part
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const [, local, , state] = line.trim().split(/\s+/);
    const [hexAddress, hexPort] = (local ?? '').split(':');
    if (state !== '0A' || !hexAddress || Number.parseInt(hexPort ?? '', 16) !== port) continue;
    return (hexAddress.match(/../g) ?? [])
      .map((byte) => Number.parseInt(byte, 16))
      .reverse()
      .join('.');
  }
  return null;
}

describe('D1: the listening address', () => {
  test('by default: 127.0.0.1, printed as such, no warning', async () => {
    const server = await startServerProcess({
      SOURCEDESK_DATA_DIR: ':memory:',
      SOURCEDESK_DEMO_DATA: 'off',
    });
    try {
      expect(server.stdout()).toMatch(
        /running at http:\/\/127\.0\.0\.1:\d+\/ \(API at http:\/\/127\.0\.0\.1:\d+\/api\)/,
      );
      expect(server.stdout()).not.toContain('WARNING');
      const bound = boundAddress(Number(new URL(server.origin).port));
      if (bound !== undefined) expect(bound).toBe('127.0.0.1');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  test('SOURCEDESK_HOST=0.0.0.0: a warning that other machines can reach it', async () => {
    const server = await startServerProcess({
      SOURCEDESK_DATA_DIR: ':memory:',
      SOURCEDESK_DEMO_DATA: 'off',
      SOURCEDESK_HOST: '0.0.0.0',
    });
    try {
      expect(server.stdout()).toMatch(WARNING);
      const bound = boundAddress(Number(new URL(server.origin).port));
      if (bound !== undefined) expect(bound).toBe('0.0.0.0');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
