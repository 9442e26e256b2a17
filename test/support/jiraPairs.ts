// One fixture for the files that make Jira pairs against stand-ins and read
// their status rows: `const jira = useJiraPairs();` starts a test server
// (connection tests unlimited) and two Jira stand-ins at distinct addresses
// (`jira.here`, `jira.elsewhere`) that accept JIRA_GOOD_TOKEN and refuse any
// other, and closes them after the file.
import { afterAll, beforeAll, expect } from 'vitest';
import type { ConnectorStatusRow } from '../../src/contract/health';
import type { TestServer } from './harness';
import { api, attach, createConnector, jiraRequest, madeCredential } from './http';
import * as standIns from './standIns';
import { useTestServer } from './useTestServer';

export const JIRA_GOOD_TOKEN = 'the-token-jira-accepts';

const jiraAnswers = (): Record<string, standIns.Route> => ({
  'GET /rest/api/2/myself': (request, response) =>
    request.headers.authorization === `Bearer ${JIRA_GOOD_TOKEN}`
      ? standIns.sendJson(response, 200, { name: 'bot' })
      : standIns.sendJson(response, 401, { errorMessages: ['Client must be authenticated'] }),
  'GET /rest/api/2/project/ENG': (_request, response) =>
    standIns.sendJson(response, 200, { key: 'ENG' }),
});

/** A Jira connector's settings for project ENG at `origin`. */
export const jiraConfigAt = (origin: string) => ({ jira_base_url: origin, project_key: 'ENG' });

export interface JiraPairs {
  server: TestServer;
  /** The stand-in's address the pairs are made at. */
  readonly here: standIns.StandIn;
  /** A second stand-in, for an edited or another address. */
  readonly elsewhere: standIns.StandIn;
}

export function useJiraPairs(): JiraPairs {
  const server = useTestServer({ connectionTest: { limit: null } });
  let here: standIns.StandIn | undefined;
  let elsewhere: standIns.StandIn | undefined;
  beforeAll(async () => {
    here = await standIns.startStandIn(jiraAnswers());
    elsewhere = await standIns.startStandIn(jiraAnswers());
  });
  afterAll(async () => {
    await here?.close();
    await elsewhere?.close();
  });
  return {
    server,
    get here() {
      return here!;
    },
    get elsewhere() {
      return elsewhere!;
    },
  };
}

/** A pair's row of the admin's connector status list. */
export async function statusOf(server: TestServer, pairId: number) {
  const rows = (await api(server, 'GET', '/manage/admin/connector-status'))
    .json as ConnectorStatusRow[];
  return rows.find((row) => row.cc_pair_id === pairId)!;
}

/** A credential with `token`, a Jira connector at `origin`, attached: their ids. */
export async function makeJiraPair(server: TestServer, token: string, origin: string) {
  const credential = await madeCredential(server, 'jira', { jira_api_token: token });
  const connector = await createConnector(
    server,
    jiraRequest({ connector_specific_config: jiraConfigAt(origin) }),
  );
  const attached = await attach(server, connector, credential);
  expect(attached.status, attached.text).toBe(200);
  return { credential, connector, pair: (attached.json as { data: number }).data };
}
