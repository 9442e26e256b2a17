import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// Component tests run the real server in the same process. jsdom brings its own
// ArrayBuffer, and Fastify tells the bytes it sends by `buffer instanceof
// ArrayBuffer`: give the server back Node's, or it would send Buffers as JSON.
if (typeof document !== 'undefined') {
  // Two cores run the server and the page in one process: give findBy* and
  // waitFor room on a busy machine (they return as soon as the page is ready).
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
  globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor;
  // jsdom has <dialog> but not its methods; the browser tests use the real ones.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  // jsdom's FormData and File are not Node's, whose fetch sends the panel's
  // requests to the real server: an upload's body is rewritten into Node's
  // FormData (each file read as it is), then sent as the browser would.
  const nodeFetch = globalThis.fetch;
  const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData())
    .constructor as typeof FormData;
  const { File: NodeFile } = await import('node:buffer');
  const bytesOf = (blob: Blob) =>
    new Promise<Buffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(Buffer.from(new Uint8Array(reader.result as ArrayBuffer)));
      reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
      reader.readAsArrayBuffer(blob);
    });
  // SOURCEDESK_TEST_JITTER_MS=250: each request leaves after a random wait up to
  // that, so the page's reads answer in any order; a test that reads one
  // answer's part right after finding another's fails (docs/testing.md).
  const jitter = Number(process.env.SOURCEDESK_TEST_JITTER_MS ?? 0);
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (jitter > 0) await new Promise((wait) => setTimeout(wait, Math.random() * jitter));
    if (!(init?.body instanceof FormData)) return nodeFetch(input, init);
    const body = new NodeFormData();
    for (const [name, value] of init.body.entries()) {
      if (typeof value === 'string') body.append(name, value);
      else
        body.append(
          name,
          new NodeFile([await bytesOf(value)], value.name, { type: value.type }) as unknown as File,
        );
    }
    return nodeFetch(input, { ...init, body });
  };
  // jsdom does not scroll; the long connector list scrolls the page itself
  // (a window virtualizer), so window.scrollTo moves scrollY and says so.
  window.scrollTo = ((first?: ScrollToOptions | number, second?: number) => {
    const top = typeof first === 'object' ? first.top : second;
    if (top === undefined) return;
    Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
    Object.defineProperty(window, 'pageYOffset', { value: top, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  }) as typeof window.scrollTo;
}

// Component tests (jsdom) unmount what they rendered; server tests have no DOM.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
