// A kept answer's gzip copy, made once per change and sent to clients that ask
// for it (docs/performance.md, "The lists under sync writes"): connector-status
// at 10,000 pairs is 10 MB of JSON and ~0.4 MB gzipped, and what held its
// readers back was the bytes, not the server's work.
//
// An answer joined from parts (statusPieces.ts joins blocks of 128 rows) is
// compressed part by part: each part is a raw deflate stream ended by a sync
// flush (byte-aligned, no final block, no reference outside itself), so the
// parts' deflate joined in order, a final empty block, and gzip's header and
// trailer (the CRC-32 of the whole, combined from the parts' own) make one
// valid gzip stream of the joined bytes. A write recompresses only the parts it
// changed. Compression runs on libuv's threads, off the event loop.
import negotiate from '@fastify/accept-negotiator';
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync, gzip } from 'node:zlib';

/** zlib's default: ~24× on these lists; level 1 gives ~18× for a third less time. */
const LEVEL = 6;
/**
 * Answers smaller than this are sent as they are: the gain is for the large
 * lists (a few MB at 10,000 connectors), and a small answer saves little.
 */
export const GZIP_LEAST_BYTES = 32 * 1024;

const deflateRawAsync = promisify(deflateRaw);
const gzipAsync = promisify(gzip);
const SYNC = { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH };

/** Does the request's Accept-Encoding take gzip (q-values honoured)? */
export const acceptsGzip = (header: string | string[] | undefined): boolean =>
  typeof header === 'string' && negotiate(header, ['gzip', 'identity']) === 'gzip';

/** A whole answer gzipped (an answer that is not made of parts). */
export const gzipWhole = (body: Buffer): Promise<Buffer> => gzipAsync(body, { level: LEVEL });

/** One part of an answer: its bytes, their raw deflate (sync-flushed) and CRC-32. */
export interface CodedPart {
  plain: Buffer;
  deflated: Buffer;
  crc: number;
}

export async function codePart(plain: Buffer): Promise<CodedPart> {
  return { plain, deflated: await deflateRawAsync(plain, SYNC), crc: crc32(plain) };
}

/** As codePart, at once: for a few constant bytes (a bracket, a comma). */
export function codePartNow(plain: Buffer): CodedPart {
  return { plain, deflated: deflateRawSync(plain, SYNC), crc: crc32(plain) };
}

// CRC-32 of two byte strings joined, from their own CRCs and the second's length
// (zlib's crc32_combine, which node:zlib does not expose): multiplication in
// GF(2) modulo the reflected polynomial.
const POLY = 0xedb88320;
function multModP(a: number, b: number): number {
  let p = 0;
  for (let m = 0x80000000; m !== 0; m >>>= 1) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
/** X2N[k] = x^(2^k) mod p. */
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multModP(X2N[k - 1]!, X2N[k - 1]!));
/** x^(8n) mod p: the shift of a CRC over n more bytes. */
function bytesShift(n: number): number {
  let p = 0x80000000;
  for (let k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) p = multModP(X2N[k % 32]!, p);
  return p;
}
export const crc32Combine = (crc1: number, crc2: number, length2: number): number =>
  (multModP(bytesShift(length2), crc1) ^ crc2) >>> 0;

/** gzip's header: deflate, no name, no time, unknown OS. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final, empty fixed-Huffman block: ends the deflate stream. */
const FINAL = Buffer.from([0x03, 0x00]);

/**
 * The parts joined: one gzip stream of them, and the plain bytes joined only
 * when first asked for (a reader that takes gzip never makes them: 10 MB less
 * to allocate and collect after each change of connector-status).
 */
export function joinParts(parts: readonly CodedPart[]): {
  body: () => Buffer;
  length: number;
  gzip: Buffer;
} {
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = crc32Combine(crc, part.crc, part.plain.length);
    length += part.plain.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  const plains = parts.map((part) => part.plain);
  let body: Buffer | null = null;
  return {
    body: () => (body ??= Buffer.concat(plains, length)),
    length,
    gzip: Buffer.concat([HEADER, ...parts.map((part) => part.deflated), FINAL, trailer]),
  };
}
