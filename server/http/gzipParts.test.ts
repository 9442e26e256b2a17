// The gzip copy joined from parts (gzipParts.ts) decodes to exactly the parts'
// bytes joined, and Accept-Encoding is read with its q-values.
import { crc32, gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { acceptsGzip, codePart, codePartNow, crc32Combine, joinParts } from './gzipParts';

test("parts' deflate joined is one gzip stream of the joined bytes", async () => {
  const rows = Buffer.from(JSON.stringify(Array.from({ length: 500 }, (_, n) => ({ n }))));
  const other = Buffer.from('"é", "ü", "中"'.repeat(3000));
  const parts = [
    codePartNow(Buffer.from('[')),
    await codePart(rows),
    codePartNow(Buffer.from(',')),
    await codePart(other),
    codePartNow(Buffer.from(']')),
  ];
  const joined = joinParts(parts);
  const body = joined.body();
  const gzip = joined.gzip;
  expect(joined.length).toBe(body.length);
  expect(
    body.equals(Buffer.concat([Buffer.from('['), rows, Buffer.from(','), other, Buffer.from(']')])),
  ).toBe(true);
  expect(gunzipSync(gzip).equals(body)).toBe(true);
  expect(gzip.length).toBeLessThan(body.length / 10);
  expect(gunzipSync(joinParts([]).gzip).length).toBe(0);
});

test("the CRC-32 of joined bytes from the parts' own", () => {
  const a = Buffer.from('a'.repeat(1001));
  const b = Buffer.from('bc'.repeat(70_001));
  expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
  expect(crc32Combine(crc32(a), crc32(''), 0)).toBe(crc32(a));
});

test('gzip is taken when asked for and not refused', () => {
  expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
  expect(acceptsGzip('deflate, gzip;q=0.5')).toBe(true);
  expect(acceptsGzip('*')).toBe(true);
  expect(acceptsGzip('gzip;q=0')).toBe(false);
  expect(acceptsGzip('br')).toBe(false);
  expect(acceptsGzip('identity')).toBe(false);
  expect(acceptsGzip(undefined)).toBe(false);
});
