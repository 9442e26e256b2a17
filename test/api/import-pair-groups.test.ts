// A pair's groups follow one rule whether an import or the attach route
// writes them (D13): a group named twice is kept once, and a pair given
// groups is private to them, whatever access it was given.
import { expect, it } from 'vitest';
import type { ConfigBundleInput } from '../../src/contract/configBundle';
import { api } from '../support/http';
import { useTestServer } from '../support/useTestServer';

const server = useTestServer();

const webConnector = (ref: string) => ({
  ref,
  name: `Docs ${ref}`,
  source: 'web' as const,
  input_type: 'load_state' as const,
  connector_specific_config: { base_url: `https://${ref}.acme.example` },
});

it('an import naming a group twice on a public pair stores what attaching the same does', async () => {
  const imported = await api(server, 'POST', '/admin/import', {
    body: {
      format_version: 1,
      user_groups: [{ name: 'Engineering' }],
      connectors: [webConnector('imported'), webConnector('attached')],
      pairs: [
        {
          connector: 'imported',
          credential: null,
          access_type: 'public',
          groups: ['Engineering', 'Engineering'],
        },
      ],
    },
  });
  expect(imported.status, imported.text).toBe(200);

  const groups = (await api(server, 'GET', '/manage/admin/user-group')).json as {
    id: number;
    name: string;
  }[];
  const engineering = groups.find((group) => group.name === 'Engineering')!.id;
  const connectors = (await api(server, 'GET', '/manage/admin/connector')).json as {
    id: number;
    name: string;
  }[];
  const attachedId = connectors.find((c) => c.name === 'Docs attached')!.id;
  const attached = await api(server, 'PUT', `/manage/admin/connector/${attachedId}/credential/0`, {
    body: { access_type: 'public', groups: [engineering, engineering] },
  });
  expect(attached.status, attached.text).toBe(200);

  const exported = (await api(server, 'GET', '/admin/export')).json as ConfigBundleInput;
  const access = (ref: string) => {
    const pair = exported.pairs!.find((p) => p.connector === ref)!;
    return { access_type: pair.access_type, groups: pair.groups };
  };
  expect(access('attached')).toEqual({ access_type: 'private', groups: ['Engineering'] });
  expect(access('imported')).toEqual(access('attached'));
});
