// The origins a stored credential is compared by: one key per
// origin however the address is spelled, and a new key for anything that
// reaches another server.
import { describe, expect, it } from 'vitest';
import { namedOrigin } from './trust';

const jira = (jira_base_url: string) => namedOrigin('jira', { jira_base_url });

describe('namedOrigin', () => {
  it.each([
    'https://jira.example.com',
    'HTTPS://JIRA.EXAMPLE.COM/',
    'https://jira.example.com:443/jira?x=1#y',
    'https://jira.example.com./',
    ' https://jira.example.com ',
  ])('%s is the same origin', (address) => {
    expect(jira(address)).toBe('https://jira.example.com:443');
  });

  it.each([
    ['plain http', 'http://jira.example.com'],
    ['another port', 'https://jira.example.com:8443'],
    ['a longer name', 'https://jira.example.com.evil.example'],
    ['user info before the real host', 'https://jira.example.com@evil.example'],
    ['a look-alike letter (IDN)', 'https://jіra.example.com'],
  ])('%s is another origin', (_what, address) => {
    expect(jira(address)).not.toBe('https://jira.example.com:443');
  });

  it('numeric forms of an IPv4 address are one origin', () => {
    expect(jira('http://0x7f.1:8080')).toBe('http://127.0.0.1:8080');
    expect(jira('http://2130706433:8080')).toBe('http://127.0.0.1:8080');
  });

  it('a source whose address is fixed, and a value that is no address, name none', () => {
    expect(namedOrigin('github', { jira_base_url: 'https://evil.example' })).toBeNull();
    expect(jira('not an address')).toBeNull();
  });
});
