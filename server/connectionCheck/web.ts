// A site read without a credential (Web, XenForo): its address answers below
// 400. A redirect is an answer here (a page may move), noted and not followed.
// Onyx takes an address without a scheme as https. Nothing is sent but a GET,
// with the probe's rules (same origin, 1 MiB, the check's time limit).
import { baseAddress, text, type SourceChecks } from './common';
import { failed } from './run';

interface PageSource {
  name: string;
  /** The config key of the address. */
  key: string;
  /** The source's own words for a refusal, with the fix; the status alone otherwise. */
  words?: Partial<Record<number, string>>;
}

const pageChecks =
  ({ name, key, words = {} }: PageSource): SourceChecks =>
  async ({ config, run }) => {
    const given = text(config, key);
    const base = baseAddress(given && !given.includes('://') ? `https://${given}` : given, key);
    if (typeof base === 'string') return [failed(name, base)];
    const target = { service: base.host, where: base.host };
    return [
      await run.check(name, target, async (call) => {
        const { status } = await call({ url: base, redirectIsAnswer: true });
        if (status >= 300 && status < 400) {
          return {
            ok: true,
            message: `${base.host} answered ${status}, a redirect (not followed)`,
          };
        }
        if (status < 400) return { ok: true, message: `${base.host} answered ${status}` };
        const own = words[status];
        return {
          ok: false,
          message: own
            ? `${base.host} answered ${status}: ${own}`
            : `${base.host} answered ${status}`,
        };
      }),
    ];
  };

export const webChecks = pageChecks({ name: 'Web address', key: 'base_url' });

export const xenforoChecks = pageChecks({
  name: 'XenForo board',
  key: 'base_url',
  words: {
    401: 'the board asks guests to sign in, and this connector reads only what a guest may read — pick a public board or thread',
    403: 'the board refuses guests, and this connector reads only what a guest may read — pick a public board or thread',
    404: 'no such board or thread — check base_url (copy the address of the board or thread from the browser)',
  },
});
