// The alerts' payloads ({event, text, connector, credential, reason,
// time, url}). `text` reads on its own, as Slack and Teams show it; nothing in
// a payload is secret: names, sources, ids and the checks' own words.
import type { AlertPayload } from '../../src/contract/alerts';
import { PANEL_PAGES } from '../../src/contract/panelPages';
import { sourceLabel } from '../../src/contract/sourceWords';

export interface Named {
  id: number;
  name: string | null;
  source: string;
}

/**
 * A name as plain words inside `text`: Slack's control characters as its
 * entities (`<!channel>`, `<https://…|disguised link>` stay text) and
 * Markdown's link brackets escaped for Teams (`[words](https://…)`). Names are
 * made by curators; the alert goes to the admins' channel.
 */
export const plainWords = (name: string) =>
  name
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replace(/[[\]]/g, (bracket) => `\\${bracket}`);

const quoted = (thing: Named, kind: string) =>
  thing.name ? `"${plainWords(thing.name)}"` : `${kind} ${thing.id}`;

/** The panel's page, when the server knows the address browsers use (SOURCEDESK_PUBLIC_URL). */
/** `Connector "Eng Jira" (Jira) with credential "Bot"`: a pair as the alerts name it. */
const pairWords = (connector: Named, credential: Named) =>
  `Connector ${quoted(connector, 'connector')} (${sourceLabel(connector.source)}) with credential ${quoted(credential, 'credential')}`;

const pageUrl = (publicUrl: string | undefined, path: string) =>
  publicUrl ? new URL(path, publicUrl).toString() : null;

export function pairAlert(
  event: 'pair.invalid' | 'pair.recovered',
  connector: Named,
  credential: Named,
  reason: string | null,
  publicUrl: string | undefined,
): AlertPayload {
  const what = pairWords(connector, credential);
  const text =
    event === 'pair.invalid'
      ? `Sourcedesk: ${what} needs attention: its connection test failed. ${plainWords(reason ?? '')}`.trim()
      : `Sourcedesk: ${what} works again: its connection test passed.`;
  return {
    event,
    text,
    connector,
    credential,
    reason,
    time: new Date().toISOString(),
    url: pageUrl(publicUrl, PANEL_PAGES.connector(connector.id)),
  };
}

export type SyncState = 'failed' | 'stalled' | 'ok';

/**
 * A pair's runs changed state (D14): the last index run failed, a running job
 * stopped sending heartbeats, or it runs again after either. `reason`: the
 * rule's own words (the failed run's error, the stall's last heartbeat).
 */
export function pairSyncAlert(
  state: SyncState,
  previous: SyncState,
  connector: Named,
  credential: Named,
  reason: string | null,
  publicUrl: string | undefined,
): AlertPayload {
  const what = pairWords(connector, credential);
  const words = plainWords(reason ?? '');
  const [event, text] =
    state === 'failed'
      ? (['pair.sync_failed', `Sourcedesk: ${what} needs attention. ${words}`] as const)
      : state === 'stalled'
        ? (['pair.sync_stalled', `Sourcedesk: ${what} needs attention. ${words}`] as const)
        : ([
            'pair.sync_recovered',
            `Sourcedesk: ${what} indexes again: ${previous === 'stalled' ? 'its worker reports again' : 'its last run succeeded'}.`,
          ] as const);
  return {
    event,
    text: text.trim(),
    connector,
    credential,
    reason,
    time: new Date().toISOString(),
    url: pageUrl(publicUrl, PANEL_PAGES.connector(connector.id)),
  };
}

/** A worker that checked in stopped doing so for 3 check-in intervals (D14). */
export function workerOfflineAlert(
  worker: { worker_id: string; hostname: string | null; key_name: string; last_check_in: string },
  publicUrl: string | undefined,
): AlertPayload {
  const host = worker.hostname ? ` on "${plainWords(worker.hostname)}"` : '';
  const reason = `No check-in since ${worker.last_check_in}`;
  return {
    event: 'worker.offline',
    text: `Sourcedesk: worker "${plainWords(worker.worker_id)}"${host} (worker key "${plainWords(worker.key_name)}") is offline: no check-in since ${worker.last_check_in}. The runs it holds fail when their heartbeats stop for long enough; start it again or start another worker.`,
    connector: null,
    credential: null,
    reason,
    time: new Date().toISOString(),
    url: pageUrl(publicUrl, PANEL_PAGES.settings),
  };
}

export function keyExpiringAlert(
  key: { id: number; name: string | null; expires_at: string },
  publicUrl: string | undefined,
): AlertPayload {
  const name = key.name ? `"${plainWords(key.name)}"` : `${key.id}`;
  const day = key.expires_at.slice(0, 10);
  const reason = `Ends on ${day}`;
  return {
    event: 'api_key.expiring',
    text: `Sourcedesk: API key ${name} stops working on ${day} (UTC). Make a new key and give it to whoever uses this one before then.`,
    connector: null,
    credential: null,
    reason,
    time: new Date().toISOString(),
    url: pageUrl(publicUrl, PANEL_PAGES.apiKeys),
  };
}

export function credentialUntestedAlert(
  credential: Named,
  lastTest: string | null,
  publicUrl: string | undefined,
): AlertPayload {
  const reason = lastTest
    ? `Last tested on ${lastTest.slice(0, 10)}`
    : 'Never tested since it was attached';
  return {
    event: 'credential.untested',
    text: `Sourcedesk: credential ${quoted(credential, 'credential')} (${sourceLabel(credential.source)}) has not been tested for too long (${reason.toLowerCase()}). Test its connectors to know whether it still works.`,
    connector: null,
    credential,
    reason,
    time: new Date().toISOString(),
    url: pageUrl(publicUrl, PANEL_PAGES.credentials),
  };
}

export function testAlert(by: string, publicUrl: string | undefined): AlertPayload {
  return {
    event: 'test',
    text: `Sourcedesk: this is a test alert, sent by ${by} from Settings. Alerts arrive here.`,
    connector: null,
    credential: null,
    reason: null,
    time: new Date().toISOString(),
    url: pageUrl(publicUrl, PANEL_PAGES.settings),
  };
}
