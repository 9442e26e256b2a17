import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  test('defaults: loopback, port 8080, .data, demo data on, info logs', () => {
    expect(loadConfig({})).toEqual({
      host: '127.0.0.1',
      port: 8080,
      dataDir: '.data',
      demoData: true,
      versionsFile: undefined,
      staticDir: undefined,
      logLevel: 'info',
      adminEmail: 'admin@sourcedesk.local',
      adminApiKey: undefined,
      auditRetentionDays: 365,
    });
  });

  test('activity records are kept SOURCEDESK_AUDIT_RETENTION_DAYS days; 0 keeps them for ever', () => {
    expect(loadConfig({ SOURCEDESK_AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(loadConfig({ SOURCEDESK_AUDIT_RETENTION_DAYS: '0' }).auditRetentionDays).toBe(0);
    for (const bad of ['-1', '1.5', 'forever', '9999999']) {
      expect(() => loadConfig({ SOURCEDESK_AUDIT_RETENTION_DAYS: bad })).toThrow(
        /SOURCEDESK_AUDIT_RETENTION_DAYS: must be a whole number of days/,
      );
    }
  });

  test('reads every variable', () => {
    const config = loadConfig({
      SOURCEDESK_HOST: '0.0.0.0',
      SOURCEDESK_PORT: '0',
      SOURCEDESK_DATA_DIR: '/tmp/x',
      SOURCEDESK_DEMO_DATA: 'off',
      SOURCEDESK_VERSIONS_FILE: 'versions.json',
      SOURCEDESK_LOG_LEVEL: 'warn',
      SOURCEDESK_ADMIN_EMAIL: 'ops@example.com',
      ADMIN_API_KEY: 'k'.repeat(40),
    });
    expect(config).toMatchObject({ host: '0.0.0.0', port: 0, demoData: false, logLevel: 'warn' });
  });

  test('a bad value stops the start with a message naming each variable', () => {
    const load = () =>
      loadConfig({
        SOURCEDESK_PORT: '99999',
        SOURCEDESK_LOG_LEVEL: 'loud',
        ADMIN_API_KEY: 'short',
      });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/SOURCEDESK_PORT[\s\S]*SOURCEDESK_LOG_LEVEL[\s\S]*ADMIN_API_KEY/);
  });

  test('an empty SOURCEDESK_SECRET_KEY is refused, not taken for unset (the key file would be used)', () => {
    const load = () => loadConfig({ SOURCEDESK_SECRET_KEY: '' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/SOURCEDESK_SECRET_KEY: is set but empty/);
    expect(loadConfig({}).secretKey).toBeUndefined();
  });
});
