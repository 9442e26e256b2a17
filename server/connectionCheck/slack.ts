// Slack, on its fixed API host: `auth.test` with the bot token (Slack answers
// 200 with {"ok": false, "error": "invalid_auth"} for a wrong one, so the JSON
// decides), then the config's `channels`, looked for by name or id in
// `conversations.list`, page by page. Onyx left the channel check out for
// workspaces of 100k channels; here the pages stop at the check's time limit.
import type { ConnectionCheck } from '../../src/contract/connectionTest';
import { beyondLimit, MAX_NAMED, namedList, text, type SourceChecks } from './common';
import { failed, skipped, statusWords, type Call } from './run';

/** Slack's error codes that mean the token itself is refused; others are said as "refused the request". */
const TOKEN_ERRORS = new Set([
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
]);
const MAX_PAGES = 50;

interface SlackAnswer {
  ok?: unknown;
  error?: unknown;
  channels?: { id?: unknown; name?: unknown }[];
  response_metadata?: { next_cursor?: unknown };
}

/** A Slack answer in words; the error code is named only when it is one we know. */
function refusal(status: number, json: SlackAnswer | undefined, what: string): string | null {
  if (status !== 200) return statusWords('Slack', status);
  if (json?.ok === true) return null;
  if (typeof json?.error === 'string' && TOKEN_ERRORS.has(json.error)) {
    return `Slack refused the token (${json.error})`;
  }
  if (json?.error === 'missing_scope')
    return `Slack: the bot token may not ${what} (missing_scope)`;
  return `Slack refused the request (ok: false)`;
}

type Listing = { problem: string } | { seen: Set<string>; complete: boolean };

/** Every channel name and id the bot can see, or why not. */
async function listChannels(
  call: Call,
  url: (path: string) => URL,
  authorization: string,
): Promise<Listing> {
  const seen = new Set<string>();
  let cursor = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = `types=public_channel,private_channel&exclude_archived=true&limit=1000&cursor=${encodeURIComponent(cursor)}`;
    const answer = await call({
      url: url(`/api/conversations.list?${query}`),
      headers: { authorization },
      json: true,
    });
    const json = answer.json as SlackAnswer | undefined;
    const problem = refusal(answer.status, json, 'list channels');
    if (problem) return { problem };
    for (const channel of json?.channels ?? []) {
      for (const value of [channel.id, channel.name])
        if (typeof value === 'string') seen.add(value);
    }
    const next = json?.response_metadata?.next_cursor;
    if (typeof next !== 'string' || next === '') return { seen, complete: true };
    cursor = next;
  }
  return { seen, complete: false };
}

export const slackChecks: SourceChecks = async ({ config, credential, hosts, run }) => {
  const token = text(credential, 'slack_bot_token');
  if (!token) return [failed('Slack sign-in', 'The credential has no slack_bot_token')];
  const authorization = `Bearer ${token}`;
  const url = (path: string) => new URL(`${hosts.slack}${path}`);
  const target = { service: 'Slack', where: url('/').host };
  const signIn = await run.check('Slack sign-in', target, async (call) => {
    const answer = await call({
      url: url('/api/auth.test'),
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      json: true,
    });
    const problem = refusal(answer.status, answer.json as SlackAnswer | undefined, 'sign in');
    return problem
      ? { ok: false, message: problem }
      : { ok: true, message: 'Slack accepted the token' };
  });
  const checks: ConnectionCheck[] = [signIn];

  const channels = namedList(config.channels).map((name) => name.replace(/^#/, ''));
  if (channels.length === 0) return checks;
  const names = channels.slice(0, MAX_NAMED).map((channel) => `Slack channel #${channel}`);
  if (config.channel_regex_enabled === true) {
    return [...checks, ...names.map((name) => skipped(name, 'channel patterns are not checked'))];
  }
  if (signIn.ok !== true) {
    return [...checks, ...names.map((name) => skipped(name, 'the sign-in did not pass'))];
  }
  let listing: Listing | undefined;
  const list = await run.check('Slack channel list', target, async (call) => {
    listing = await listChannels(call, url, authorization);
    if ('problem' in listing) return { ok: false, message: listing.problem };
    return listing.complete
      ? { ok: true, message: 'Slack listed the channels the bot can see' }
      : { ok: null, message: `Slack listed the first ${MAX_PAGES} pages of channels only` };
  });
  checks.push(list);
  channels.slice(0, MAX_NAMED).forEach((channel, index) => {
    const name = names[index]!;
    if (!listing || 'problem' in listing)
      checks.push(skipped(name, 'the channels could not be listed'));
    else if (listing.seen.has(channel)) checks.push({ name, ok: true, message: 'Found' });
    else if (!listing.complete) checks.push(skipped(name, 'not among the channels listed'));
    else {
      const message =
        'Not found among the channels the bot can see (public ones, and private ones it is in)';
      checks.push(failed(name, message));
    }
  });
  return [...checks, ...beyondLimit('channels', channels)];
};
