import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { DEFAULT_SOURCE_API_HOSTS } from './hosts';

describe('SOURCEDESK_SOURCE_API_HOSTS', () => {
  test('unset: the real hosts are used (main.ts passes undefined, the settings fill them in)', () => {
    expect(loadConfig({}).sourceApiHosts).toBeUndefined();
  });

  test('names some sources; the others keep their real host; a trailing slash is dropped', () => {
    const config = loadConfig({
      SOURCEDESK_SOURCE_API_HOSTS: JSON.stringify({
        github: 'https://ghe.example.com/api/v3/',
        zendesk: 'http://127.0.0.1:9/{subdomain}',
      }),
    });
    expect(config.sourceApiHosts).toEqual({
      ...DEFAULT_SOURCE_API_HOSTS,
      github: 'https://ghe.example.com/api/v3',
      zendesk: 'http://127.0.0.1:9/{subdomain}',
    });
  });

  test.each([
    ['not JSON', '{github:', /must be a JSON object such as/],
    ['not an object', '["https://x"]', /must be a JSON object/],
    [
      'an unknown source',
      '{"jira": "https://x"}',
      /"jira" is not one of github, slack, zendesk, gitlab/,
    ],
    ['another scheme', '{"slack": "ftp://x"}', /slack must be http:\/\/ or https:\/\//],
    ['a password', '{"github": "https://u:p@x"}', /github must not hold a user name or password/],
    ['a query', '{"gitlab": "https://x/?a=1"}', /gitlab must not have a query or fragment/],
  ])('%s stops the start with a message naming the variable', (_what, value, words) => {
    const load = () => loadConfig({ SOURCEDESK_SOURCE_API_HOSTS: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/SOURCEDESK_SOURCE_API_HOSTS/);
    expect(load).toThrow(words);
  });
});
