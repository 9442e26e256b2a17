// Credential secrets at rest: AES-256-GCM (node:crypto), each value with a
// random 96-bit nonce and its 128-bit tag, stored as `v1:<base64url>`. A wrong
// key is detected by the tag and said plainly; it never yields garbage.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== SECRET_KEY_BYTES) throw new Error('a secret key is 32 bytes');
  }

  static random() {
    return new SecretBox(randomBytes(SECRET_KEY_BYTES));
  }

  seal(plain: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The plain text, or null when this key did not seal it (or the text was changed). */
  open(text: string): string | null {
    if (!isSealed(text)) return null;
    const bytes = Buffer.from(text.slice(VERSION.length), 'base64url');
    // Too short to hold its nonce and tag (a cut cookie): not sealed here either.
    if (bytes.length < NONCE_BYTES + TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([
        decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}

const isSealed = (text: string) => text.startsWith(VERSION);

/** A key as an operator writes it: 32 bytes in base64 (44 characters) or hex (64). */
export function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const bytes = Buffer.from(trimmed, 'base64');
  return bytes.length === SECRET_KEY_BYTES && /^[A-Za-z0-9+/_-]+=*$/.test(trimmed) ? bytes : null;
}
