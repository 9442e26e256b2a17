// JSON bodies broken on purpose: a valid body with breakers on distinct fields,
// or a whole body that is not a JSON object; sent with some content type and size.
import fc from 'fast-check';
import { BODY_LIMIT } from '../../server/http/problems';
import type { Payload } from './fuzzRequest';
import { jsonNotObject, nastyString, notJson, wrongContentType } from './nasty';

type Body = Record<string, unknown>;

/** Breaks one field of a valid body so that the body is refused (422), whatever the others hold. */
interface Breaker {
  field: string;
  what: string;
  apply(body: Body): void;
}

export const breaker = (field: string, what: string, value: fc.Arbitrary<unknown>) =>
  value.map((v): Breaker => ({
    field,
    what: `${field} ${what}`,
    apply: (body) => void (body[field] = v),
  }));

export const missing = (...fields: string[]) =>
  fc.constantFrom(...fields).map((field): Breaker => ({
    field,
    what: `${field} missing`,
    apply: (body) => void delete body[field],
  }));

/** Unknown top-level fields are ignored (D4): noise around the breakers, never a breaker. */
const noise = (known: readonly string[]) =>
  fc.dictionary(
    nastyString(12).filter((key) => !known.includes(key) && key !== '__proto__'),
    fc.oneof(fc.jsonValue({ maxDepth: 4 }), nastyString(200)),
    { maxKeys: 3 },
  );

/** A valid body with one to three breakers on distinct fields, as JSON text. */
export function brokenObject(
  base: fc.Arbitrary<Body>,
  breakers: fc.Arbitrary<Breaker>,
  known: readonly string[],
) {
  return fc
    .record({
      base,
      extra: noise(known),
      broken: fc.uniqueArray(breakers, { minLength: 1, maxLength: 3, selector: (b) => b.field }),
    })
    .map(({ base: valid, extra, broken }) => {
      const body: Body = { ...extra, ...valid };
      for (const b of broken) b.apply(body);
      return { text: JSON.stringify(body), what: broken.map((b) => b.what).join(', ') };
    });
}

interface Content {
  bytes: Uint8Array<ArrayBuffer>;
  status: number;
  what: string;
}

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** A JSON object body: its status when declared JSON and small enough. */
export const objectContent = (text: string, status: number, what: string): Content => ({
  bytes: utf8(text),
  status,
  what,
});

/** D3 whole bodies: empty → missing; not an object → dict_type; not JSON → json_invalid. */
export const wholeBodyBreakers = (validText: string) =>
  fc.oneof(
    fc.constant<Content>({ bytes: new Uint8Array(0), status: 422, what: 'empty body' }),
    jsonNotObject.map((text) => objectContent(text, 422, `not an object ${text.slice(0, 20)}`)),
    notJson(validText).map((bytes): Content => ({
      bytes,
      status: 422,
      what: `not JSON (${bytes.length} bytes)`,
    })),
  );

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON'];

/** Declared as JSON mostly; otherwise a wrong media type or none; now and then padded past 1 MiB. */
export const sent = (content: fc.Arbitrary<Content>) =>
  fc
    .record({
      content,
      type: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(...JSON_TYPES) },
        { weight: 1, arbitrary: wrongContentType },
        { weight: 1, arbitrary: fc.constant(null) },
      ),
      oversize: fc.oneof(
        { weight: 40, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 4096 }) },
      ),
    })
    .map(({ content, type, oversize }): Payload => {
      let bytes = content.bytes;
      if (oversize > 0) {
        // Trailing white space keeps JSON what it was: only the size changes.
        const padded = new Uint8Array(BODY_LIMIT + oversize).fill(0x20);
        padded.set(bytes.subarray(0, BODY_LIMIT));
        bytes = padded;
      }
      const json = type !== null && JSON_TYPES.includes(type);
      return {
        bytes,
        contentType: type,
        json,
        status: content.status,
        where: 'body',
        what: content.what,
      };
    });
