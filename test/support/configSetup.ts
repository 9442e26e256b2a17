// A setup with a bit of everything a configuration bundle carries:
// a connector of every catalogue source, each with its credential, a pair of
// the empty credential, public and private pairs, users of several roles (one
// deactivated), an invitation, groups with members and a curator, and the
// alert webhook, and two document sets.
import type { ConfigBundleInput } from '../../src/contract/configBundle';
import {
  CATALOGUE_SOURCES,
  credentialKeys,
  isReadableCredentialKey,
} from '../../src/contract/sources/catalogue';
import { findUserByEmail, setUserActive } from '../../server/repos/users';
import type { TestServer } from './harness';
import { addCredential, api, attach, createConnector, plainRequest } from './http';

/** A secret no export may ever hold. */
export const secretFor = (key: string) => `never-exported-${key}-0123456789`;

/** The alert webhook of the setup: its path is a secret, its origin is not. */
export const WEBHOOK_ORIGIN = 'https://hooks.example.com';
export const WEBHOOK_URL = `${WEBHOOK_ORIGIN}/services/${secretFor('webhook')}`;

/** Values their source's rule takes in a shape of its own (not secrets: addresses, choices). */
const SHAPED: Record<string, string | boolean> = {
  gitlab_url: 'https://gitlab.acme.example',
  gong_base_url: 'https://eu.api.gong.io',
  google_service_account_key: JSON.stringify({
    type: 'service_account',
    private_key: secretFor('private_key'),
  }),
  google_primary_admin: 'admin@acme.example',
  jira_user_email: 'bot@acme.example',
  is_sandbox: false,
  'google_drive/authentication_method': 'uploaded',
  'sharepoint/authentication_method': 'client_secret',
  's3/authentication_method': 'access_key',
  'axero/base_url': 'https://axero.acme.example',
  bookstack_base_url: 'https://bookstack.acme.example',
  highspot_url: 'https://acme.highspot.com',
  outline_base_url: 'https://outline.acme.example',
  requesttracker_base_url: 'https://rt.acme.example',
  testrail_base_url: 'https://acme.testrail.io',
};

/** A value no secret (an id, a user name) that an export carries as it is. */
export const readableFor = (key: string) => `readable-${key}`;

/** A value its source's rule takes (POST /manage/credential's): a recognisable secret unless shaped or no secret. */
const valueFor = (source: string, key: string) =>
  SHAPED[`${source}/${key}`] ??
  SHAPED[key] ??
  (isReadableCredentialKey(source, key) ? readableFor(key) : secretFor(key));

/** The values a catalogue source's credential takes, every key of it. */
const valuesFor = (source: string) =>
  Object.fromEntries(credentialKeys(source).map(({ key }) => [key, valueFor(source, key)]));

export async function buildSetup(server: TestServer) {
  const pairIds: number[] = [];
  for (const source of CATALOGUE_SOURCES) {
    const connector = await createConnector(
      server,
      plainRequest(source, { name: `The ${source}` }),
    );
    if (source === 'web') {
      pairIds.push(((await attach(server, connector, 0)).json as { data: number }).data);
      continue;
    }
    const credential = await addCredential(server, source, valuesFor(source), `${source} access`);
    pairIds.push(((await attach(server, connector, credential)).json as { data: number }).data);
  }
  // A second Jira connector, paused, and a credential nobody uses yet.
  const paused = await createConnector(server, plainRequest('jira', { name: 'Jira, paused' }));
  await api(server, 'PATCH', `/manage/admin/connector/${paused}`, { body: { status: 'PAUSED' } });
  await addCredential(server, 'slack', valuesFor('slack'), 'spare slack');

  const people = ['ada@example.com', 'bob@example.com', 'cy@example.com'];
  for (const [email, role] of [
    [people[0], 'basic'],
    [people[1], 'global_curator'],
    [people[2], 'basic'],
  ] as const) {
    await server.keyFor(role, email);
  }
  await setUserActive(
    server.store.db,
    (await findUserByEmail(server.store.db, people[2]!))!.id,
    false,
  );
  await api(server, 'PUT', '/manage/admin/users', { body: { emails: ['dee@example.com'] } });

  const ids = await Promise.all(
    people.map(async (email) => (await findUserByEmail(server.store.db, email))!.id),
  );
  const group = await api(server, 'POST', '/manage/admin/user-group', {
    body: {
      name: 'Engineering',
      user_ids: [ids[0], ids[1]],
      cc_pair_ids: [pairIds[0], pairIds[1]],
    },
  });
  const groupId = (group.json as { id: number }).id;
  await api(server, 'POST', `/manage/admin/user-group/${groupId}/set-curator`, {
    body: { user_id: ids[0], is_curator: true },
  });
  await api(server, 'POST', '/manage/admin/user-group', {
    body: { name: 'Sales', user_ids: [ids[1]], cc_pair_ids: [] },
  });
  await server.store.db
    .updateTable('connector_credential_pairs')
    .set({ access_type: 'private' })
    .where('id', 'in', [pairIds[0]!, pairIds[1]!])
    .execute();
  // Document sets: a public one of two pairs, one private to Engineering.
  for (const body of [
    { name: 'Handbooks', is_public: true, groups: [], cc_pair_ids: [pairIds[3], pairIds[2]] },
    { name: 'Eng only', is_public: false, groups: [groupId], cc_pair_ids: [pairIds[0]] },
  ]) {
    const made = await api(server, 'POST', '/manage/admin/document-set', {
      body: { description: `The ${body.name}`, users: [], ...body },
    });
    if (made.status !== 200) throw new Error(`document set: ${made.status} ${made.text}`);
  }
  const alerts = await api(server, 'PUT', '/manage/admin/alert-settings', {
    body: { webhook_url: WEBHOOK_URL },
  });
  if (alerts.status !== 200) throw new Error(`alert settings: ${alerts.status} ${alerts.text}`);
}

/** The bundle with every needed value filled in, as whoever imports it supplies them. */
export function withSecrets(bundle: ConfigBundleInput): ConfigBundleInput {
  return {
    ...bundle,
    ...(bundle.alerts?.webhook_origin === WEBHOOK_ORIGIN
      ? { alerts: { ...bundle.alerts, webhook_url: WEBHOOK_URL } }
      : {}),
    credentials: bundle.credentials?.map((credential) => ({
      ...credential,
      credential_json: Object.fromEntries(
        Object.keys(credential.credential_json).map((key) => [
          key,
          valueFor(credential.source, key),
        ]),
      ),
    })),
  };
}

/** An export's text without its one moving line (`exported_at`). */
export const withoutTime = (text: string) =>
  text.replace(/"exported_at": "[^"]*"/, '"exported_at": "-"');
