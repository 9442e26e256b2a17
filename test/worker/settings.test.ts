// The worker's settings: the command line over the environment, a refusal in
// words for each thing it cannot use, and the source hosts read by the
// connection test's one home (SOURCEDESK_SOURCE_API_HOSTS).
import { describe, expect, it } from 'vitest';
import { DEFAULT_SOURCE_API_HOSTS } from '../../server/connectionCheck/hosts';
import { DEFAULT_SERVER, readSettings } from '../../worker/settings';

const key = { SOURCEDESK_WORKER_KEY: 'sdw_key' };

describe('worker settings', () => {
  it('defaults: the local server, two jobs at once, every source it reads', () => {
    const settings = readSettings([], key);
    expect(settings).toMatchObject({
      server: DEFAULT_SERVER,
      key: 'sdw_key',
      concurrency: 2,
      sources: ['jira', 'confluence', 'github', 'web'],
      batchSize: 100,
      heartbeatMs: 20_000,
      hosts: DEFAULT_SOURCE_API_HOSTS,
    });
  });

  it('the command line wins over the environment', () => {
    const settings = readSettings(
      [
        '--server',
        'http://sd.internal:9000',
        '--key',
        'other',
        '--concurrency',
        '5',
        '--sources',
        'jira,github',
        '--id',
        'w1',
      ],
      { ...key, SOURCEDESK_URL: 'http://elsewhere:1' },
    );
    expect(settings).toMatchObject({
      server: 'http://sd.internal:9000',
      key: 'other',
      concurrency: 5,
      sources: ['jira', 'github'],
      workerId: 'w1',
    });
  });

  it('refuses, in words, what it cannot use', () => {
    expect(() => readSettings([], {})).toThrow(
      /No worker key: .*npm run keys -- issue-worker NAME/,
    );
    expect(() => readSettings(['--concurrency', '0'], key)).toThrow(
      '--concurrency must be a whole number from 1 to 64, not "0"',
    );
    expect(() => readSettings(['--sources', 'jira,slack'], key)).toThrow(
      'This worker cannot read slack; it reads jira, confluence, github, web',
    );
    expect(() => readSettings(['--server', 'ftp://x'], key)).toThrow('is not an http(s) address');
    expect(() => readSettings(['--nope'], key)).toThrow(/Usage: npm run worker/);
  });

  it('SOURCEDESK_SOURCE_API_HOSTS as the connection test reads it', () => {
    const settings = readSettings([], {
      ...key,
      SOURCEDESK_SOURCE_API_HOSTS: '{"github": "https://ghe.example/api/v3/"}',
    });
    expect(settings.hosts.github).toBe('https://ghe.example/api/v3');
    expect(() =>
      readSettings([], { ...key, SOURCEDESK_SOURCE_API_HOSTS: '{"jira": "x"}' }),
    ).toThrow('SOURCEDESK_SOURCE_API_HOSTS "jira" is not one of github, slack, zendesk, gitlab');
  });
});
