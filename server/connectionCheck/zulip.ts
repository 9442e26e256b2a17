// Zulip with a bot's zuliprc (Onyx's ZulipConnector): the file holds the bot's
// e-mail, its API key and the site, and the indexing sends the key to that
// site, so the check does too: `GET /api/v1/users/me` with Basic e-mail:key,
// which only reads who the bot is. The site is the credential's own address
// (approved by itself, D15); the config's realm_url must be the same origin,
// or nothing is sent (the links would point at another server).
import type { ConnectionCheck } from '../../src/contract/connectionTest';
import { baseAddress, basicAuth, text, under, type SourceChecks } from './common';
import { failed } from './run';

const NAME = 'Zulip sign-in';

/** The `[api]` section's values of a zuliprc (an INI file); undefined where absent. */
function zuliprc(content: string): Record<string, string> {
  const values: Record<string, string> = {};
  let section = '';
  for (const line of content.split(/\r?\n/)) {
    const heading = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (heading) {
      section = heading[1]!.trim();
      continue;
    }
    const pair = /^\s*([A-Za-z_]+)\s*[=:]\s*(.*?)\s*$/.exec(line);
    if (section === 'api' && pair) values[pair[1]!] = pair[2]!;
  }
  return values;
}

function refusal(status: number): string {
  if (status === 401) {
    return 'Zulip refused the bot’s API key (401): the bot was deactivated or its key was regenerated — download the bot’s zuliprc again (Settings › Personal › Bots) and upload it';
  }
  if (status === 403) {
    return 'Zulip took the key but refused access (403): the bot must be a generic bot, active, and in the organization';
  }
  if (status === 404) {
    return 'Zulip has no such page (404): the site in the zuliprc is not a Zulip server — download the bot’s zuliprc again';
  }
  if (status === 429) return 'Zulip asked to slow down (429): try again in a minute';
  if (status >= 500) return `Zulip failed with a server error (${status}): try again later`;
  return `Zulip answered ${status}, not 200`;
}

export const zulipChecks: SourceChecks = async ({
  config,
  credential,
  run,
}): Promise<ConnectionCheck[]> => {
  const content = text(credential, 'zuliprc_content');
  if (!content) return [failed(NAME, 'The credential has no zuliprc_content')];
  const { email, key, site } = zuliprc(content);
  if (!email || !key || !site) {
    return [
      failed(
        NAME,
        'The zuliprc has no email, key or site in its [api] section: upload the file Zulip made for the bot',
      ),
    ];
  }
  const base = baseAddress(site, 'The site in the zuliprc');
  if (typeof base === 'string') return [failed(NAME, base)];
  const realm = baseAddress(text(config, 'realm_url'), 'realm_url');
  if (typeof realm === 'string') return [failed(NAME, realm)];
  if (realm.origin !== base.origin) {
    return [
      failed(
        NAME,
        'realm_url is not the site the zuliprc names: set realm_url to the organization’s address in the zuliprc, or upload the zuliprc of a bot of this organization',
      ),
    ];
  }
  // The site is the credential's, masked in every answer (D6): not repeated here.
  const target = { service: 'Zulip', where: 'the Zulip site of the credential' };
  return [
    await run.check(NAME, target, async (call) => {
      const answer = await call({
        url: under(base, '/api/v1/users/me'),
        headers: { accept: 'application/json', authorization: basicAuth(email, key) },
        json: true,
      });
      if (answer.status !== 200) return { ok: false, message: refusal(answer.status) };
      return { ok: true, message: 'Zulip accepted the bot’s API key (200)' };
    }),
  ];
};
