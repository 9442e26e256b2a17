// GET /admin/export's bundle: the setup in a fixed order (every
// list sorted by its ref, e-mail or name; keys in a fixed order) and with no
// id and no time but `exported_at`, so that two exports of one setup differ
// in that line alone and a diff in version control shows only real changes.
import { webhookOrigin } from '../../src/contract/alerts';
import { CONFIG_FORMAT_VERSION, type ConfigBundle } from '../../src/contract/configBundle';
import { byText, pairKey, type Setup } from './setup';

const inOrder = <T>(map: Map<string, { item: T }>, key: (item: T) => string): T[] =>
  [...map.values()].map(({ item }) => item).sort((a, b) => byText(key(a), key(b)));

export function bundleOf(setup: Setup, appVersion: string, exportedAt: string): ConfigBundle {
  return {
    format_version: CONFIG_FORMAT_VERSION,
    app_version: appVersion,
    exported_at: exportedAt,
    users: inOrder(setup.users, (user) => user.email.toLowerCase()),
    invitations: [...setup.invitations]
      .sort((a, b) => byText(a.toLowerCase(), b.toLowerCase()))
      .map((email) => ({ email })),
    user_groups: inOrder(setup.groups, (group) => group.name),
    credentials: inOrder(setup.credentials, (credential) => credential.ref),
    connectors: inOrder(setup.connectors, (connector) => connector.ref),
    pairs: inOrder(setup.pairs, pairKey),
    document_sets: inOrder(setup.documentSets, (set) => set.name),
    alerts: {
      webhook_origin: setup.webhook === null ? null : webhookOrigin(setup.webhook),
      webhook_url: null,
    },
  };
}
