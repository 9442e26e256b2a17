// D6: secrets never leave the server. Every credential value is masked in
// every response, but for the few keys that name a place, not a secret.
const MASK_SHORT = '\u2022'.repeat(12);
const MASK_NUMBER = '*****';
const NOT_SECRET = new Set(['authentication_method', 'wiki_base', 'cloud_name', 'cloud_id']);

function maskString(value: string): string {
  const chars = Array.from(value); // code points, not UTF-16 units
  return chars.length < 14
    ? MASK_SHORT
    : `${chars.slice(0, 4).join('')}...${chars.slice(-4).join('')}`;
}

export function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return maskString(value);
  if (typeof value === 'number' || typeof value === 'bigint') return MASK_NUMBER;
  if (Array.isArray(value)) return value.map(maskValue);
  if (value !== null && typeof value === 'object')
    return maskObject(value as Record<string, unknown>);
  return value; // booleans and null are shown as they are
}

export function maskObject(object: Record<string, unknown>): Record<string, unknown> {
  const masked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    masked[key] = NOT_SECRET.has(key) ? value : maskValue(value);
  }
  return masked;
}
