// The activity log: every write route of the OpenAPI document leaves exactly
// one record of its action when it succeeds and one `denied` record when it is
// refused (403); the connection test is no change and leaves none; wrong keys
// are one record a minute per address, with a count.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '../../src/contract/audit';
import { useTestServer } from '../support/useTestServer';
import { claim, doc, jiraPair, jobPath, makeWorkerKey, runOnce } from '../support/workers';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { findUserByEmail } from '../../server/repos/users';
import {
  addCredential,
  api,
  attach,
  createConnector,
  jiraRequest,
  plainRequest,
  type ApiOptions,
} from '../support/http';

const server = useTestServer();

interface Call {
  path: string;
  options?: ApiOptions;
  /** Who its success record names (the admin unless said). */
  actor?: string;
}

interface Write {
  action: AuditAction | null;
  /** One request of it that succeeds. */
  call: () => Promise<Call>;
  /** Its success status (200 unless said). */
  status?: number;
  /** The records a success writes (1 unless said): its own is the first of them unless `ownLast`. */
  records?: number;
  ownLast?: boolean;
  /**
   * One request of it refused with 403, and who the denied record names; by
   * default `call` again with a basic user's key. The sign-in routes need no
   * role: theirs is a request from a page of another site.
   */
  refuse?: () => Promise<Call & { actorEmail: string | null }>;
}

/** The action each write route records, and how to make one request of it succeed. */
const WRITES: Record<string, Write> = {
  'post /manage/admin/connector': {
    action: 'connector.create',
    call: async () => ({ path: '/manage/admin/connector', options: { body: plainRequest('web') } }),
  },
  'patch /manage/admin/connector/{connector_id}': {
    action: 'connector.update',
    call: async () => ({
      path: `/manage/admin/connector/${await createConnector(server, plainRequest('web'))}`,
      options: { body: { refresh_freq: 7200 } },
    }),
  },
  'delete /manage/admin/connector/{connector_id}': {
    action: 'connector.delete',
    call: async () => ({
      path: `/manage/admin/connector/${await createConnector(server, plainRequest('web'))}`,
    }),
  },
  'put /manage/admin/connector/{connector_id}/credential/{credential_id}': {
    action: 'cc_pair.create',
    call: async () => ({
      path: `/manage/admin/connector/${await createConnector(server, plainRequest('web'))}/credential/0`,
    }),
  },
  'delete /manage/admin/connector/{connector_id}/credential/{credential_id}': {
    action: 'cc_pair.delete',
    call: async () => {
      const id = await createConnector(server, plainRequest('web'));
      await attach(server, id, 0);
      return { path: `/manage/admin/connector/${id}/credential/0` };
    },
  },
  'post /manage/admin/connector/test': {
    action: null, // a connection test changes nothing
    call: async () => ({
      path: '/manage/admin/connector/test',
      options: { body: { source: 'file', connector_specific_config: {} } },
    }),
  },
  'post /manage/admin/cc-pair/{cc_pair_id}/test': {
    action: null, // a test changes no setting: its result is kept on the pair itself
    call: async () => {
      const id = await createConnector(server, plainRequest('file'));
      const pair = (await attach(server, id, 0)).json as { data: number };
      return { path: `/manage/admin/cc-pair/${pair.data}/test` };
    },
  },
  'post /manage/admin/connector/file/upload': {
    // Files kept but named by nothing yet: the connector that names them is connector.create.
    action: null,
    call: async () => {
      const form = new FormData();
      form.append('files', new Blob(['Leave policy']), 'policy.txt');
      return { path: '/manage/admin/connector/file/upload', options: { form } };
    },
  },
  'post /manage/credential': {
    action: 'credential.create',
    call: async () => ({
      path: '/manage/credential',
      options: {
        body: { name: 'New', source: 'web', credential_json: { token: 'x' }, admin_public: true },
      },
    }),
  },
  'patch /manage/admin/credential/{credential_id}': {
    action: 'credential.update',
    call: async () => ({
      path: `/manage/admin/credential/${await addCredential(server, 'slack')}`,
      options: { body: { name: 'Renamed' } },
    }),
  },
  'delete /manage/admin/credential/{credential_id}': {
    action: 'credential.delete',
    call: async () => ({
      path: `/manage/admin/credential/${await addCredential(server, 'slack')}`,
    }),
  },
  'delete /manage/admin/credential/{credential_id}/origins': {
    action: 'credential.update',
    call: async () => {
      const id = await addCredential(server, 'jira', { jira_api_token: 'an-admin-token-value' });
      const test = await api(server, 'POST', '/manage/admin/connector/test', {
        body: {
          source: 'jira',
          connector_specific_config: { jira_base_url: 'http://127.0.0.1:9' },
          credential_id: id,
        },
      });
      expect(test.status, test.text).toBe(200);
      return {
        path: `/manage/admin/credential/${id}/origins`,
        options: { body: { origin: 'http://127.0.0.1:9' } },
      };
    },
  },
  'patch /manage/set-user-role': {
    action: 'user.role_change',
    call: async () => {
      const email = `promoted.${Math.random().toString(36).slice(2)}@audit.test`;
      await server.keyFor('basic', email);
      return {
        path: '/manage/set-user-role',
        options: { body: { user_email: email, new_role: 'admin' } },
      };
    },
  },
};

/** A user of their own, for the routes that change one (active unless said). */
const person = async (active = true) => {
  const email = `life.${Math.random().toString(36).slice(2)}@audit.test`;
  await server.keyFor('basic', email);
  if (!active) {
    const off = await api(server, 'PATCH', '/manage/admin/deactivate-user', {
      body: { user_email: email },
    });
    expect(off.status).toBe(200);
  }
  return { user_email: email };
};
/** The session cookie of a sign-in with the admin's key (docs/security.md, "Sessions"). */
async function adminSession(): Promise<string> {
  const answer = await api(server, 'POST', '/auth/session', {
    key: null,
    body: { api_key: server.adminKey },
  });
  expect(answer.status).toBe(204);
  return answer.headers.getSetCookie()[0]!.split(';')[0]!;
}
const FOREIGN_PAGE = 'https://elsewhere.example';
/** An invitation's sign-in link for the admin's own address (docs/security.md, "Sign-in links of invitations"). */
let invited = 0;
/** A new address invited, and its link's token (a link never signs in as an existing person). */
const invitedLink = async () => {
  const email = `invited.${++invited}@audit.test`;
  const answer = await api(server, 'PUT', '/manage/admin/users', { body: { emails: [email] } });
  const links = (answer.json as { sign_in_links: { link: string }[] }).sign_in_links;
  return { email, token: new URL(links[0]!.link).hash.slice('#invitation='.length) };
};
Object.assign(WRITES, {
  'post /auth/session': {
    action: 'auth.login',
    status: 204,
    call: async () => ({
      path: '/auth/session',
      options: { key: null, body: { api_key: server.adminKey } },
    }),
    refuse: async () => ({
      path: '/auth/session',
      options: { key: null, body: { api_key: server.adminKey }, headers: { origin: FOREIGN_PAGE } },
      actorEmail: null,
    }),
  },
  // A new address's link: it makes the person (user.create), then signs them in.
  'post /auth/invitation': {
    action: 'auth.login',
    status: 204,
    records: 2,
    ownLast: true,
    call: async () => {
      const { email, token } = await invitedLink();
      return {
        path: '/auth/invitation',
        options: { key: null, body: { token } },
        actor: email,
      };
    },
    refuse: async () => ({
      path: '/auth/invitation',
      options: {
        key: null,
        body: { token: (await invitedLink()).token },
        headers: { origin: FOREIGN_PAGE },
      },
      actorEmail: null,
    }),
  },
  'delete /auth/session': {
    action: 'auth.logout',
    status: 204,
    call: async () => ({
      path: '/auth/session',
      options: { key: null, headers: { cookie: await adminSession(), origin: server.origin } },
    }),
    refuse: async () => ({
      path: '/auth/session',
      options: { key: null, headers: { cookie: await adminSession(), origin: FOREIGN_PAGE } },
      actorEmail: server.adminEmail,
    }),
  },
} satisfies Record<string, Write>);
Object.assign(WRITES, {
  'put /manage/admin/users': {
    action: 'user.create',
    call: async () => ({
      path: '/manage/admin/users',
      options: { body: { emails: [`invited.${Math.random().toString(36).slice(2)}@audit.test`] } },
    }),
  },
  'patch /manage/admin/remove-invited-user': {
    action: 'user.delete',
    call: async () => {
      const email = `uninvited.${Math.random().toString(36).slice(2)}@audit.test`;
      expect(
        (await api(server, 'PUT', '/manage/admin/users', { body: { emails: [email] } })).status,
      ).toBe(200);
      return {
        path: '/manage/admin/remove-invited-user',
        options: { body: { user_email: email } },
      };
    },
  },
  'patch /manage/admin/deactivate-user': {
    action: 'user.deactivate',
    call: async () => ({
      path: '/manage/admin/deactivate-user',
      options: { body: await person() },
    }),
  },
  'patch /manage/admin/activate-user': {
    action: 'user.reactivate',
    call: async () => ({
      path: '/manage/admin/activate-user',
      options: { body: await person(false) },
    }),
  },
  'delete /manage/admin/delete-user': {
    action: 'user.delete',
    call: async () => ({
      path: '/manage/admin/delete-user',
      options: { body: await person(false) },
    }),
  },
});

/** A basic key made through the API, for the routes that change one. */
const newKey = async () => {
  const made = await api(server, 'POST', '/admin/api-key', {
    body: { name: 'Bot', role: 'basic' },
  });
  return `/admin/api-key/${(made.json as { api_key_id: number }).api_key_id}`;
};
Object.assign(WRITES, {
  'post /admin/api-key': {
    action: 'api_key.create',
    call: async () => ({
      path: '/admin/api-key',
      options: { body: { name: 'CI', role: 'basic' } },
    }),
  },
  'patch /admin/api-key/{api_key_id}': {
    action: 'api_key.update',
    call: async () => ({ path: await newKey(), options: { body: { name: 'Renamed bot' } } }),
  },
  'post /admin/api-key/{api_key_id}/regenerate': {
    action: 'api_key.regenerate',
    call: async () => ({ path: `${await newKey()}/regenerate` }),
  },
  'delete /admin/api-key/{api_key_id}': {
    action: 'api_key.delete',
    call: async () => ({ path: await newKey() }),
  },
});

/** A user group made through the API (D13), with one basic member: its path and the member. */
const newGroup = async () => {
  const email = `member.${Math.random().toString(36).slice(2)}@audit.test`;
  await server.keyFor('basic', email);
  const member = (await findUserByEmail(server.store.db, email))!.id;
  const made = await api(server, 'POST', '/manage/admin/user-group', {
    body: { name: `Group ${email}`, user_ids: [member], cc_pair_ids: [] },
  });
  return { path: `/manage/admin/user-group/${(made.json as { id: number }).id}`, member };
};
// An import's own record, then one per change (here one invitation).
Object.assign(WRITES, {
  'post /admin/import': {
    action: 'config.import',
    records: 2,
    call: async () => ({
      path: '/admin/import',
      options: {
        body: {
          format_version: 1,
          invitations: [{ email: `new.${Math.random().toString(36).slice(2)}@example.com` }],
        },
      },
    }),
  },
});
Object.assign(WRITES, {
  'post /manage/admin/user-group': {
    action: 'user_group.create',
    call: async () => ({
      path: '/manage/admin/user-group',
      options: {
        body: {
          name: `Team ${Math.random().toString(36).slice(2)}`,
          user_ids: [],
          cc_pair_ids: [],
        },
      },
    }),
  },
  'patch /manage/admin/user-group/{user_group_id}': {
    action: 'user_group.update',
    call: async () => ({
      path: (await newGroup()).path,
      options: { body: { user_ids: [], cc_pair_ids: [] } },
    }),
  },
  'post /manage/admin/user-group/{user_group_id}/add-users': {
    action: 'user_group.update',
    call: async () => {
      const { path } = await newGroup();
      const other = (await person()).user_email;
      const id = (await findUserByEmail(server.store.db, other))!.id;
      return { path: `${path}/add-users`, options: { body: { user_ids: [id] } } };
    },
  },
  'post /manage/admin/user-group/{user_group_id}/set-curator': {
    action: 'user_group.set_curator',
    // The member becomes a curator: their role change is recorded after it (D13).
    records: 2,
    call: async () => {
      const { path, member } = await newGroup();
      return {
        path: `${path}/set-curator`,
        options: { body: { user_id: member, is_curator: true } },
      };
    },
  },
  'delete /manage/admin/user-group/{user_group_id}': {
    action: 'user_group.delete',
    call: async () => ({ path: (await newGroup()).path }),
  },
});

Object.assign(WRITES, {
  'post /admin/enterprise-settings/scim/token': {
    action: 'scim_token.create',
    call: async () => ({
      path: '/admin/enterprise-settings/scim/token',
      options: { body: { name: 'Okta' } },
    }),
  },
});

/** A web connector's pair of the empty credential, for a document set to hold. */
const webPair = async () => {
  const connector = await createConnector(server, plainRequest('web'));
  return ((await attach(server, connector, 0)).json as { data: number }).data;
};
const newSet = async () => {
  const made = await api(server, 'POST', '/manage/admin/document-set', {
    body: setBody(await webPair()),
  });
  expect(made.status, made.text).toBe(200);
  return made.json as number;
};
const setBody = (pairId: number) => ({
  name: `Set ${Math.random().toString(36).slice(2)}`,
  description: 'For the activity test',
  cc_pair_ids: [pairId],
  is_public: true,
  users: [],
  groups: [],
});
Object.assign(WRITES, {
  'post /manage/admin/document-set': {
    action: 'document_set.create',
    call: async () => ({
      path: '/manage/admin/document-set',
      options: { body: setBody(await webPair()) },
    }),
  },
  'patch /manage/admin/document-set': {
    action: 'document_set.update',
    call: async () => {
      const id = await newSet();
      return {
        path: '/manage/admin/document-set',
        options: { body: { id, ...setBody(await webPair()) } },
      };
    },
  },
  'delete /manage/admin/document-set/{document_set_id}': {
    action: 'document_set.delete',
    call: async () => ({ path: `/manage/admin/document-set/${await newSet()}` }),
  },
  'patch /manage/admin/user-group/{user_group_id}/document-sets': {
    action: 'document_set.update',
    call: async () => {
      const set = await newSet();
      return {
        path: `${(await newGroup()).path}/document-sets`,
        options: { body: { added_document_set_ids: [set], removed_document_set_ids: [] } },
      };
    },
  },
});

/** A worker holding a running job (D14): its key and the job. */
const heldJob = async () => {
  const key = await makeWorkerKey(server);
  const { connectorId } = await jiraPair(server);
  await runOnce(server, connectorId);
  return { key, job: (await claim(server, key))! };
};
// The worker's own reports are not the admins' activity: only its read of a credential is.
const workerRoute = (part: string, body: unknown): Write => ({
  action: null,
  call: async () => {
    const { key, job } = await heldJob();
    return { path: jobPath(job.id, part), options: { key, body } };
  },
});
Object.assign(WRITES, {
  'post /manage/admin/connector/run-once': {
    action: 'index_attempt.run',
    call: async () => ({
      path: '/manage/admin/connector/run-once',
      options: { body: { connector_id: (await jiraPair(server)).connectorId } },
    }),
  },
  'post /manage/admin/cc-pair/{cc_pair_id}/prune': {
    action: 'index_attempt.prune',
    call: async () => ({ path: `/manage/admin/cc-pair/${(await jiraPair(server)).pairId}/prune` }),
  },
  'post /manage/admin/index-attempt/{index_attempt_id}/cancel': {
    action: 'index_attempt.cancel',
    call: async () => {
      const [job] = await runOnce(server, (await jiraPair(server)).connectorId);
      return { path: `/manage/admin/index-attempt/${job}/cancel` };
    },
  },
  'post /manage/admin/worker-key': {
    action: 'worker_key.create',
    call: async () => ({ path: '/manage/admin/worker-key', options: { body: { name: 'box 1' } } }),
  },
  'delete /manage/admin/worker-key/{worker_key_id}': {
    action: 'worker_key.delete',
    call: async () => {
      const made = await api(server, 'POST', '/manage/admin/worker-key', {
        body: { name: 'box 2' },
      });
      return { path: `/manage/admin/worker-key/${(made.json as { id: number }).id}` };
    },
  },
  'put /manage/worker/check-in': {
    action: null,
    call: async () => ({
      path: '/manage/worker/check-in',
      options: { key: await makeWorkerKey(server), body: { worker_id: 'w-audit' } },
    }),
  },
  'post /manage/worker/jobs/claim': {
    action: null,
    call: async () => {
      const key = await makeWorkerKey(server);
      await runOnce(server, (await jiraPair(server)).connectorId);
      return {
        path: '/manage/worker/jobs/claim',
        options: { key, body: { worker_id: 'w-audit' } },
      };
    },
  },
  'post /manage/worker/jobs/{job_id}/documents': workerRoute('documents', {
    upsert: [doc(1)],
    delete: [],
  }),
  'post /manage/worker/jobs/{job_id}/errors': workerRoute('errors', {
    errors: [{ failure_message: 'Could not read DOC-1' }],
  }),
  'put /manage/worker/jobs/{job_id}/progress': workerRoute('progress', { completed_batches: 1 }),
  'put /manage/worker/jobs/{job_id}/finish': workerRoute('finish', { status: 'success' }),
});

/** A webhook on 127.0.0.1 for the alert routes (docs/operations.md, "Alerts"). */
let receiver: WebhookReceiver | undefined;
afterAll(() => receiver?.close());
const webhook = async () => (receiver ??= await startWebhookReceiver()).url;
Object.assign(WRITES, {
  'put /manage/admin/alert-settings': {
    action: 'alert_settings.update',
    call: async () => ({
      path: '/manage/admin/alert-settings',
      options: { body: { webhook_url: await webhook() } },
    }),
  },
  'post /manage/admin/alert-settings/test': {
    action: null, // a test alert changes no setting: its delivery is kept with the deliveries
    call: async () => {
      const set = await api(server, 'PUT', '/manage/admin/alert-settings', {
        body: { webhook_url: await webhook() },
      });
      expect(set.status, set.text).toBe(200);
      return { path: '/manage/admin/alert-settings/test' };
    },
  },
});

/** A web connector with a credential, and another web credential to put in its place. */
const swappable = async () => {
  const connector = await createConnector(server, plainRequest('web'));
  const old = await addCredential(server, 'web');
  expect((await attach(server, connector, old)).status).toBe(200);
  return { connector, old, fresh: await addCredential(server, 'web') };
};
Object.assign(WRITES, {
  'put /manage/admin/credential/swap': {
    action: 'credential.swap',
    call: async () => {
      const { connector, fresh } = await swappable();
      const body = { new_credential_id: fresh, connector_id: connector, access_type: 'public' };
      return { path: '/manage/admin/credential/swap', options: { body: { ...body, force: true } } };
    },
  },
  'put /manage/admin/credential/{credential_id}/replace-everywhere': {
    action: 'credential.swap',
    call: async () => {
      const { old, fresh } = await swappable();
      return {
        path: `/manage/admin/credential/${old}/replace-everywhere`,
        options: { body: { new_credential_id: fresh, force: true } },
      };
    },
  },
});

const count = async () => {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from audit_log`.execute(
    server.store.db,
  );
  return Number(rows[0]!.n);
};

const nth = async (n: number) =>
  server.store.db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .offset(n)
    .limit(1)
    .executeTakeFirstOrThrow();
const newest = async () =>
  server.store.db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('every write route of the OpenAPI document', () => {
  it('leaves one record of its action on success and one denied record on a 403', async () => {
    const doc = (await api(server, 'GET', '/openapi.json')).json as {
      paths: Record<string, Record<string, unknown>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => method !== 'get')
        .map((method) => `${method} ${path}`),
    );
    expect(writes.sort()).toEqual(Object.keys(WRITES).sort());
    const basicKey = await server.keyFor('basic', 'basic@audit.test');
    const basic = await api(server, 'GET', '/me', { key: basicKey });
    const basicId = (basic.json as { id: string }).id;

    for (const route of writes) {
      const { action, call, status = 200, refuse, records = 1, ownLast } = WRITES[route]!;
      const method = route.split(' ')[0]!.toUpperCase();

      const success = await call();
      const before = await count();
      const ok = await api(server, method, success.path, success.options);
      expect(ok.status, `${route}: ${ok.text}`).toBe(status);
      expect(await count(), route).toBe(before + (action ? records : 0));
      if (action) {
        expect(await nth(ownLast ? 0 : records - 1)).toMatchObject({
          action,
          outcome: 'success',
          actor_email: success.actor ?? server.adminEmail,
        });
      }

      const refused = refuse
        ? await refuse()
        : {
            ...(await call()),
            actorEmail: 'basic@audit.test',
          };
      const options = refuse ? refused.options : { ...refused.options, key: basicKey };
      const beforeRefusal = await count();
      const denied = await api(server, method, refused.path, options);
      expect(denied.status, route).toBe(403);
      expect(await count(), route).toBe(beforeRefusal + (action ? 1 : 0));
      if (action) {
        expect(await newest()).toMatchObject({
          action,
          outcome: 'denied',
          actor_email: refused.actorEmail,
          ...(refuse ? {} : { actor_user_id: basicId }),
        });
      }
    }
  });

  it('pausing a connector is connector.update with the status before and after', async () => {
    const id = await createConnector(server, plainRequest('web', { name: 'Eng site' }));
    const paused = await api(server, 'PATCH', `/manage/admin/connector/${id}`, {
      body: { status: 'PAUSED' },
    });
    expect(paused.status, paused.text).toBe(200);
    const page = await api(server, 'GET', `/admin/audit?resource_type=connector&resource_id=${id}`);
    const [latest] = (page.json as { items: Record<string, unknown>[] }).items;
    expect(latest).toMatchObject({
      action: 'connector.update',
      resource_name: 'Eng site',
      changes: { status: { before: 'ACTIVE', after: 'PAUSED' } },
      actor: { email: server.adminEmail, api_key_id: expect.any(Number) },
      request_id: expect.any(String),
      address: '127.0.0.1',
    });
  });

  it('a change that changes nothing (the same role again) leaves no record', async () => {
    await server.keyFor('basic', 'same@audit.test');
    const before = await count();
    const again = await api(server, 'PATCH', '/manage/set-user-role', {
      body: { user_email: 'same@audit.test', new_role: 'basic' },
    });
    expect(again.status).toBe(200);
    expect(await count()).toBe(before);
  });
});

/**
 * The panel's bulk pause, resume and delete (useBulkConnectors) send one request
 * per chosen row, each its own transaction: so each row leaves its own record,
 * and a row that fails leaves none (a refusal, one denied record each).
 */
describe('bulk actions, as the panel sends them', () => {
  const recordsOf = async (ids: number[]) =>
    server.store.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'resource_id', 'resource_name', 'changes', 'actor_email'])
      .where('resource_type', '=', 'connector')
      .where(
        'resource_id',
        'in',
        ids.map((id) => String(id)),
      )
      .where('action', '!=', 'connector.create')
      .orderBy('id')
      .execute();
  const rows = async (names: string[]) =>
    Promise.all(names.map((name) => createConnector(server, plainRequest('web', { name }))));
  const bulk = async (method: 'PATCH' | 'DELETE', ids: number[], key?: string) => {
    const statuses = [];
    for (const id of ids) {
      const answer = await api(server, method, `/manage/admin/connector/${id}`, {
        ...(method === 'PATCH' && { body: { status: 'PAUSED' } }),
        ...(key && { key }),
      });
      statuses.push(answer.status);
    }
    return statuses;
  };

  it('a bulk pause of three rows writes three records, one per row, by the admin', async () => {
    const ids = await rows(['Bulk pause A', 'Bulk pause B', 'Bulk pause C']);
    expect(await bulk('PATCH', ids)).toEqual([200, 200, 200]);
    const records = await recordsOf(ids);
    expect(records.map((record) => record.resource_id)).toEqual(ids.map(String));
    for (const record of records) {
      expect(record).toMatchObject({
        action: 'connector.update',
        outcome: 'success',
        actor_email: server.adminEmail,
      });
      expect(JSON.parse(record.changes)).toEqual({ status: { before: 'ACTIVE', after: 'PAUSED' } });
    }
    expect(records.map((record) => record.resource_name)).toEqual([
      'Bulk pause A',
      'Bulk pause B',
      'Bulk pause C',
    ]);
  });

  it('a bulk delete writes one record per deleted row; a row already gone writes none', async () => {
    const ids = await rows(['Bulk delete A', 'Bulk delete B', 'Bulk delete C']);
    await api(server, 'DELETE', `/manage/admin/connector/${ids[1]}`); // gone before the bulk
    const before = await count();
    expect(await bulk('DELETE', ids)).toEqual([200, 404, 200]);
    expect(await count()).toBe(before + 2);
    const records = await recordsOf(ids);
    expect(records.map((record) => [record.action, record.resource_id])).toEqual([
      ['connector.delete', String(ids[1])],
      ['connector.delete', String(ids[0])],
      ['connector.delete', String(ids[2])],
    ]);
  });

  it('a bulk pause refused to a basic key: one denied record per row', async () => {
    const ids = await rows(['Bulk refused A', 'Bulk refused B']);
    const key = await server.keyFor('basic', 'bulk.basic@audit.test');
    expect(await bulk('PATCH', ids, key)).toEqual([403, 403]);
    const records = await recordsOf(ids);
    expect(
      records.map((record) => [record.outcome, record.resource_id, record.actor_email]),
    ).toEqual(ids.map((id) => ['denied', String(id), 'bulk.basic@audit.test']));
  });
});

describe('wrong keys', () => {
  it('are one auth.login_failure record per address a minute, with their count', async () => {
    const before = await count();
    for (let i = 0; i < 5; i++) {
      expect(
        (await api(server, 'GET', '/manage/admin/connector', { key: `wrong-${i}` })).status,
      ).toBe(401);
    }
    expect(await count()).toBeLessThanOrEqual(before + 1);
    const page = await api(server, 'GET', '/admin/audit?action=auth.login_failure');
    const [record] = (page.json as { items: { changes: { count: number } }[] }).items;
    expect(record?.changes.count).toBeGreaterThanOrEqual(5);
  });
});

describe('a change of settings', () => {
  it('names the source beside the settings, so the activity can word them', async () => {
    const id = await createConnector(server, jiraRequest());
    const changed = await api(server, 'PATCH', `/manage/admin/connector/${id}`, {
      body: {
        connector_specific_config: {
          jira_base_url: 'https://acme.atlassian.net',
          project_key: 'OPS',
          comment_email_blacklist: ['noreply@acme.example'],
        },
      },
    });
    expect(changed.status, changed.text).toBe(200);
    const page = await api(
      server,
      'GET',
      `/admin/audit?resource_type=connector&resource_id=${id}&action=connector.update`,
    );
    const [record] = (page.json as { items: { changes: Record<string, unknown> }[] }).items;
    expect(record?.changes.connector_specific_config).toEqual({
      before: expect.objectContaining({ project_key: 'ENG' }),
      after: expect.objectContaining({ project_key: 'OPS' }),
      source: 'jira',
    });
  });
});
