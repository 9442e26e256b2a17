// Zendesk, on the account's own host https://{subdomain}.zendesk.com (or the
// hosts setting's template): `users/me` with Basic `{email}/token:{token}`,
// as Onyx's client signs in. Zendesk answers a sign-in it does not accept as
// an anonymous user, so the user's id decides.
import { text, type SourceChecks } from './common';
import { failed, statusWords } from './run';

const NAME = 'Zendesk sign-in';
/** One DNS label: anything else could name another host (`evil.example#`). */
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Onyx takes the whole address too: https://acme.zendesk.com → acme. */
const subdomainOf = (value: string) =>
  value
    .replace(/^https?:\/\//i, '')
    .split('.zendesk.com')[0]!
    .replace(/\/+$/, '');

export const zendeskChecks: SourceChecks = async ({ credential, hosts, run }) => {
  const given = text(credential, 'zendesk_subdomain');
  const email = text(credential, 'zendesk_email');
  const token = text(credential, 'zendesk_token');
  if (!given || !email || !token) {
    return [
      failed(NAME, 'The credential needs zendesk_subdomain, zendesk_email and zendesk_token'),
    ];
  }
  const subdomain = subdomainOf(given);
  if (!SUBDOMAIN.test(subdomain)) {
    return [failed(NAME, "The credential's zendesk_subdomain is not a subdomain such as acme")];
  }
  const root = hosts.zendesk.replace('{subdomain}', subdomain);
  const headers = {
    authorization: `Basic ${Buffer.from(`${email}/token:${token}`, 'utf8').toString('base64')}`,
    accept: 'application/json',
  };
  // The subdomain is the credential's, masked in every answer (D6): not repeated here.
  const target = { service: 'Zendesk', where: 'the Zendesk account of the credential' };
  return [
    await run.check(NAME, target, async (call) => {
      const answer = await call({
        url: new URL(`${root}/api/v2/users/me.json`),
        headers,
        json: true,
      });
      if (answer.status !== 200)
        return { ok: false, message: statusWords('Zendesk', answer.status) };
      const id = (answer.json as { user?: { id?: unknown } } | undefined)?.user?.id;
      return typeof id === 'number'
        ? { ok: true, message: 'Zendesk accepted the e-mail and token (200)' }
        : {
            ok: false,
            message:
              'Zendesk did not accept the e-mail and token (it answered as an anonymous user)',
          };
    }),
  ];
};
