import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  test('defaults: loopback, port 8080, .data, demo data on, info logs', () => {
    expect(loadConfig({})).toEqual({
      host: '127.0.0.1',
      port: 8080,
      dataDir: '.data',
      demoData: true,
      sqliteWriteThread: true,
      versionsFile: undefined,
      staticDir: undefined,
      logLevel: 'info',
      adminEmail: 'admin@sourcedesk.local',
      adminApiKey: undefined,
      auditRetentionDays: 365,
      publicUrl: undefined,
      sessions: { idleMs: 8 * 3_600_000, lifetimeMs: 7 * 24 * 3_600_000 },
      oidc: undefined,
      retestHours: 24,
      alertWebhookUrl: undefined,
      // D14: the schedule's round, the stall rule and the workers' check-in interval.
      sync: { schedulerIntervalSeconds: 60, stallSeconds: 1800, checkInIntervalSeconds: 30 },
    });
  });

  test('SOURCEDESK_RETEST_HOURS is a whole number (0: off); SOURCEDESK_ALERT_WEBHOOK_URL an http(s) address, never echoed', () => {
    expect(loadConfig({ SOURCEDESK_RETEST_HOURS: '0' }).retestHours).toBe(0);
    expect(loadConfig({ SOURCEDESK_RETEST_HOURS: '6' }).retestHours).toBe(6);
    for (const bad of ['-1', '1.5', 'daily']) {
      expect(() => loadConfig({ SOURCEDESK_RETEST_HOURS: bad })).toThrow(
        /SOURCEDESK_RETEST_HOURS: must be a whole number of hours/,
      );
    }
    const url = 'https://hooks.slack.com/services/T0/B0/secretpart';
    expect(loadConfig({ SOURCEDESK_ALERT_WEBHOOK_URL: url }).alertWebhookUrl).toBe(url);
    expect(() =>
      loadConfig({ SOURCEDESK_ALERT_WEBHOOK_URL: 'hooks.slack.com/secretpart' }),
    ).toThrow(
      /^(?![\s\S]*secretpart)[\s\S]*SOURCEDESK_ALERT_WEBHOOK_URL: must be the http or https address/,
    );
  });

  test('sessions: idle minutes and lifetime hours, whole and positive', () => {
    const config = loadConfig({
      SOURCEDESK_SESSION_IDLE_MINUTES: '30',
      SOURCEDESK_SESSION_LIFETIME_HOURS: '12',
    });
    expect(config.sessions).toEqual({ idleMs: 30 * 60_000, lifetimeMs: 12 * 3_600_000 });
    for (const bad of ['0', '-5', '1.5', 'soon']) {
      expect(() => loadConfig({ SOURCEDESK_SESSION_IDLE_MINUTES: bad })).toThrow(
        /SOURCEDESK_SESSION_IDLE_MINUTES: must be a whole number of minutes/,
      );
    }
  });

  test('SOURCEDESK_PUBLIC_URL is an http or https address', () => {
    expect(loadConfig({ SOURCEDESK_PUBLIC_URL: 'https://sd.example.com' }).publicUrl).toBe(
      'https://sd.example.com',
    );
    for (const bad of ['sd.example.com', 'ftp://sd.example.com']) {
      expect(() => loadConfig({ SOURCEDESK_PUBLIC_URL: bad })).toThrow(/SOURCEDESK_PUBLIC_URL/);
    }
  });

  test('single sign-on: issuer, client id and secret together; domains, name and role map read', () => {
    const oidc = loadConfig({
      SOURCEDESK_OIDC_ISSUER: 'https://id.example.com',
      SOURCEDESK_OIDC_CLIENT_ID: 'sd',
      SOURCEDESK_OIDC_CLIENT_SECRET: 's3cret',
      SOURCEDESK_OIDC_ALLOWED_DOMAINS: 'example.com, @Example.org',
      SOURCEDESK_OIDC_ROLE_CLAIM: 'groups',
      SOURCEDESK_OIDC_ROLE_MAP: '{"sd-admins": "admin"}',
    }).oidc;
    expect(oidc).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'sd',
      clientSecret: 's3cret',
      name: 'id.example.com',
      allowedDomains: ['example.com', 'example.org'],
      roleClaim: { claim: 'groups', roles: { 'sd-admins': 'admin' } },
    });
    expect(() => loadConfig({ SOURCEDESK_OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      /SOURCEDESK_OIDC_CLIENT_ID: is needed/,
    );
    const base = {
      SOURCEDESK_OIDC_CLIENT_ID: 'sd',
      SOURCEDESK_OIDC_CLIENT_SECRET: 's3cret',
    };
    // http only for a provider on this machine.
    expect(() => loadConfig({ ...base, SOURCEDESK_OIDC_ISSUER: 'http://id.example.com' })).toThrow(
      /SOURCEDESK_OIDC_ISSUER: must be an https URL/,
    );
    expect(
      loadConfig({ ...base, SOURCEDESK_OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer,
    ).toBe('http://127.0.0.1:9000');
    expect(() =>
      loadConfig({
        ...base,
        SOURCEDESK_OIDC_ISSUER: 'https://id.example.com',
        SOURCEDESK_OIDC_ROLE_CLAIM: 'groups',
        SOURCEDESK_OIDC_ROLE_MAP: '{"sd-admins": "owner"}',
      }),
    ).toThrow(/SOURCEDESK_OIDC_ROLE_MAP: must be a JSON object/);
    expect(() => loadConfig({ SOURCEDESK_OIDC_ALLOWED_DOMAINS: 'example.com' })).toThrow(
      /SOURCEDESK_OIDC_ALLOWED_DOMAINS: needs SOURCEDESK_OIDC_ISSUER/,
    );
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

  test('SQLite writes run on a thread of their own unless SOURCEDESK_SQLITE_WRITE_THREAD is off', () => {
    expect(loadConfig({}).sqliteWriteThread).toBe(true);
    expect(loadConfig({ SOURCEDESK_SQLITE_WRITE_THREAD: '0' }).sqliteWriteThread).toBe(false);
    expect(loadConfig({ SOURCEDESK_SQLITE_WRITE_THREAD: 'off' }).sqliteWriteThread).toBe(false);
    expect(() => loadConfig({ SOURCEDESK_SQLITE_WRITE_THREAD: 'maybe' })).toThrow(
      /SOURCEDESK_SQLITE_WRITE_THREAD/,
    );
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
