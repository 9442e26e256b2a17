// A web site needs no credential: its `base_url` answers below 400. A
// redirect is an answer here (a page may move), noted and not followed.
// Onyx takes an address without a scheme as https.
import { baseAddress, text, type SourceChecks } from './common';
import { failed } from './run';

const NAME = 'Web address';

export const webChecks: SourceChecks = async ({ config, run }) => {
  const given = text(config, 'base_url');
  const base = baseAddress(
    given && !given.includes('://') ? `https://${given}` : given,
    'base_url',
  );
  if (typeof base === 'string') return [failed(NAME, base)];
  const target = { service: base.host, where: base.host };
  return [
    await run.check(NAME, target, async (call) => {
      const { status } = await call({ url: base, redirectIsAnswer: true });
      if (status >= 300 && status < 400) {
        return { ok: true, message: `${base.host} answered ${status}, a redirect (not followed)` };
      }
      return status < 400
        ? { ok: true, message: `${base.host} answered ${status}` }
        : { ok: false, message: `${base.host} answered ${status}` };
    }),
  ];
};
