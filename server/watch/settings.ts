// The background watch's settings (docs/configuration.md, "Background re-tests
// and alerts"): how often each pair is re-tested, how often the watch looks for
// due work, and how alerts are retried. Tests shorten the times.
export const DEFAULT_RETEST_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;

export interface DeliverySettings {
  /** Time one POST to the webhook may take. */
  timeoutMs: number;
  /** Wait before the first retry; doubled after each failure, up to maxRetryMs. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** How long a failing alert is retried before it is given up (and shown failed). */
  giveUpMs: number;
}

export interface HealthWatchSettings {
  /** Time between two background tests of one pair; 0: no background re-tests. */
  retestPeriodMs: number;
  /** How often the watch looks for due tests, alerts and deliveries. */
  tickMs: number;
  /** Pairs tested at the same time. */
  concurrency: number;
  /** A credential whose pairs were not tested for this long alerts (the period × 2). */
  untestedAfterMs: number;
  /** An API key that ends within this alerts. */
  keyExpiryNoticeMs: number;
  delivery: DeliverySettings;
  /** SOURCEDESK_ALERT_WEBHOOK_URL: used when the panel sets none. */
  envWebhookUrl: string | undefined;
}

export type HealthWatchOptions = Partial<Omit<HealthWatchSettings, 'delivery'>> & {
  retestHours?: number;
  delivery?: Partial<DeliverySettings>;
};

export function healthWatchSettings(options: HealthWatchOptions = {}): HealthWatchSettings {
  const { retestHours = DEFAULT_RETEST_HOURS, delivery, ...rest } = options;
  const retestPeriodMs = rest.retestPeriodMs ?? retestHours * HOUR_MS;
  return {
    tickMs: 60_000,
    concurrency: 3,
    // With re-tests off, a credential still counts as untested after two default periods.
    untestedAfterMs: 2 * (retestPeriodMs || DEFAULT_RETEST_HOURS * HOUR_MS),
    keyExpiryNoticeMs: 7 * 24 * HOUR_MS,
    envWebhookUrl: undefined,
    ...rest,
    retestPeriodMs,
    delivery: {
      timeoutMs: 10_000,
      firstRetryMs: 30_000,
      maxRetryMs: HOUR_MS,
      giveUpMs: 24 * HOUR_MS,
      ...delivery,
    },
  };
}
