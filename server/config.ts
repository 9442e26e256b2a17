// Configuration from the environment, checked at start with a clear message.
import { z } from 'zod';
import { parseSourceApiHosts, type SourceApiHosts } from './connectionCheck/hosts';
import { readOidcSettings, type OidcSettings } from './auth/oidc/settings';
import { DEFAULT_SESSION_SETTINGS, type SessionSettings } from './auth/sessions';
import { isWebhookUrl } from '../src/contract/alerts';
import { DEFAULT_RETEST_HOURS } from './watch/settings';
import { DEFAULT_SYNC_SETTINGS, type SyncSettings } from './health/syncRules';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['on', 'true', '1', 'yes'].includes(value));

const envSchema = z.object({
  SOURCEDESK_HOST: z.string().min(1).default('127.0.0.1'),
  SOURCEDESK_PORT: z
    .string()
    .regex(/^\d+$/, 'must be a whole number from 0 to 65535')
    .transform(Number)
    .refine((port) => port <= 65535, 'must be a whole number from 0 to 65535')
    .default(8080),
  SOURCEDESK_DATA_DIR: z.string().min(1).default('.data'),
  SOURCEDESK_DEMO_DATA: onOff.default(true),
  SOURCEDESK_SQLITE_WRITE_THREAD: onOff.default(true),
  SOURCEDESK_VERSIONS_FILE: z.string().min(1).optional(),
  SOURCEDESK_STATIC_DIR: z.string().min(1).optional(),
  SOURCEDESK_LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SOURCEDESK_ADMIN_EMAIL: z.email().default('admin@sourcedesk.local'),
  SOURCEDESK_SECRET_KEY: z.string().min(1).optional(),
  // Never echoed back in a message: it may hold a password.
  SOURCEDESK_DATABASE_URL: z
    .string()
    .refine(
      (url) => /^postgres(ql)?:\/\/./.test(url) && URL.canParse(url),
      'must be a PostgreSQL URL, postgres://user:password@host:5432/database',
    )
    .optional(),
  // Connection tests: where GitHub, Slack, Zendesk and GitLab.com are reached.
  SOURCEDESK_SOURCE_API_HOSTS: z
    .string()
    .transform((text, ctx) => {
      const parsed = parseSourceApiHosts(text);
      if ('hosts' in parsed) return parsed.hosts;
      for (const message of parsed.problems) ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .optional(),
  SOURCEDESK_AUDIT_RETENTION_DAYS: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number of days (0 keeps activity records for ever)')
    .transform(Number)
    .default(365),
  // Where browsers reach the server (behind a proxy or TLS): Secure cookies, single sign-on's return address.
  SOURCEDESK_PUBLIC_URL: z
    .string()
    .refine(
      (text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol),
      'must be the http or https address browsers open, e.g. https://sourcedesk.example.com',
    )
    .optional(),
  SOURCEDESK_SESSION_IDLE_MINUTES: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'must be a whole number of minutes, 1 or more')
    .transform(Number)
    .default(DEFAULT_SESSION_SETTINGS.idleMs / 60_000),
  SOURCEDESK_SESSION_LIFETIME_HOURS: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'must be a whole number of hours, 1 or more')
    .transform(Number)
    .default(DEFAULT_SESSION_SETTINGS.lifetimeMs / 3_600_000),
  // Background re-tests of every pair (docs/configuration.md); 0 turns them off.
  SOURCEDESK_RETEST_HOURS: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number of hours (0 turns background re-tests off)')
    .transform(Number)
    .default(DEFAULT_RETEST_HOURS),
  // Sync jobs (docs/workers.md, "Timing"): how often the schedule looks, and when a run stalls.
  SOURCEDESK_SCHEDULER_INTERVAL_SECONDS: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'must be a whole number of seconds, 1 or more')
    .transform(Number)
    .default(DEFAULT_SYNC_SETTINGS.schedulerIntervalSeconds),
  SOURCEDESK_WORKER_STALL_SECONDS: z
    .string()
    .regex(/^[1-9]\d{0,6}$/, 'must be a whole number of seconds, 1 or more')
    .transform(Number)
    .default(DEFAULT_SYNC_SETTINGS.stallSeconds),
  // Never echoed back in a message: its path is the secret of an incoming webhook.
  SOURCEDESK_ALERT_WEBHOOK_URL: z
    .string()
    .refine(isWebhookUrl, 'must be the http or https address of an incoming webhook')
    .optional(),
  ADMIN_API_KEY: z
    .string()
    .min(32, 'must be at least 32 characters (use a long random value)')
    .regex(/^\S+$/, 'must not contain white space')
    .optional(),
});

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  demoData: boolean;
  versionsFile: string | undefined;
  /** The built panel; undefined means dist/ beside the server's code. */
  staticDir: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  adminEmail: string;
  adminApiKey: string | undefined;
  /** The credential key (32 bytes, base64 or hex); undefined uses the data folder's key file. */
  secretKey: string | undefined;
  /** PostgreSQL instead of the embedded SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  /** On a SQLite file, the writes on a database thread of their own (server/db/writeThread.ts). */
  sqliteWriteThread: boolean;
  /** The API hosts connection tests use for the sources that have a fixed one; undefined: the real ones. */
  sourceApiHosts: SourceApiHosts | undefined;
  /** Days an activity record is kept; 0 for ever. */
  auditRetentionDays: number;
  /** The address browsers open; undefined: each request's own Host. */
  publicUrl: string | undefined;
  sessions: SessionSettings;
  /** Single sign-on; undefined when not configured. */
  oidc: OidcSettings | undefined;
  /** Hours between background re-tests of a pair; 0 for none. */
  retestHours: number;
  /** Where alerts go unless an admin set another address in the panel. */
  alertWebhookUrl: string | undefined;
  /** Sync jobs' schedule and rules (docs/workers.md). */
  sync: SyncSettings;
}

export class ConfigError extends Error {}

/**
 * Variables set but empty are taken for unset, except these: an empty
 * SOURCEDESK_SECRET_KEY (a template's line whose value was never filled in)
 * would quietly seal secrets with a key file of this machine's own instead.
 */
const NEVER_EMPTY: Record<string, string> = {
  SOURCEDESK_SECRET_KEY:
    'is set but empty: give it the key (make one with: openssl rand -base64 32), or unset it to use the key file of the data folder',
};

export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(present);
  const empty = Object.keys(NEVER_EMPTY).filter((name) => env[name] === '');
  const oidc = readOidcSettings(present);
  if (!result.success || empty.length > 0 || oidc.problems.length > 0) {
    const lines = [
      ...empty.map((name) => `  ${name}: ${NEVER_EMPTY[name]}`),
      ...(result.error?.issues ?? []).map((issue) => `  ${issue.path.join('.')}: ${issue.message}`),
      ...oidc.problems.map(({ variable, message }) => `  ${variable}: ${message}`),
    ];
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  return {
    host: e.SOURCEDESK_HOST,
    port: e.SOURCEDESK_PORT,
    dataDir: e.SOURCEDESK_DATA_DIR,
    demoData: e.SOURCEDESK_DEMO_DATA,
    versionsFile: e.SOURCEDESK_VERSIONS_FILE,
    staticDir: e.SOURCEDESK_STATIC_DIR,
    logLevel: e.SOURCEDESK_LOG_LEVEL,
    adminEmail: e.SOURCEDESK_ADMIN_EMAIL,
    adminApiKey: e.ADMIN_API_KEY,
    secretKey: e.SOURCEDESK_SECRET_KEY,
    databaseUrl: e.SOURCEDESK_DATABASE_URL,
    sqliteWriteThread: e.SOURCEDESK_SQLITE_WRITE_THREAD,
    sourceApiHosts: e.SOURCEDESK_SOURCE_API_HOSTS,
    auditRetentionDays: e.SOURCEDESK_AUDIT_RETENTION_DAYS,
    publicUrl: e.SOURCEDESK_PUBLIC_URL,
    sessions: {
      idleMs: e.SOURCEDESK_SESSION_IDLE_MINUTES * 60_000,
      lifetimeMs: e.SOURCEDESK_SESSION_LIFETIME_HOURS * 3_600_000,
    },
    oidc: oidc.settings,
    retestHours: e.SOURCEDESK_RETEST_HOURS,
    alertWebhookUrl: e.SOURCEDESK_ALERT_WEBHOOK_URL,
    sync: {
      ...DEFAULT_SYNC_SETTINGS,
      schedulerIntervalSeconds: e.SOURCEDESK_SCHEDULER_INTERVAL_SECONDS,
      stallSeconds: e.SOURCEDESK_WORKER_STALL_SECONDS,
    },
  };
}
