import { z } from 'zod';
import { DEFAULT_COMPANY_CURRENCY, isCurrencyCode } from './shared/currency';
import { type PublicHolidayRegion, unknownRegion } from './shared/public-holidays';
import { OidcEnvSchema, type OidcSettings, oidcSettingsFrom } from './shared/oidc-settings';
import { DEMO_FX_RATES, type FxRates, parseFxRates } from './shared/deal-plan';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_ORIGIN: optionalUrl,
  JIRA_BASE_URL: optionalUrl,
  JIRA_EMAIL: optionalText,
  JIRA_API_TOKEN: optionalText,
  JIRA_QA_STATUS: z.string().min(1).default('Ready for QA Testing'),
  FORECAST_BASE_URL: z.url().default('https://api.forecast.it'),
  FORECAST_API_KEY: optionalText,
  PIPEDRIVE_DASHBOARD_URL: optionalUrl,
  // Pipedrive, read-only (docs/reference/pipedrive-api.md); unset token means the demo pipeline.
  PIPEDRIVE_API_TOKEN: optionalText,
  PIPEDRIVE_COMPANY_DOMAIN: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]*$/i, 'must be the company part of <company>.pipedrive.com')
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  PIPEDRIVE_BASE_URL: optionalUrl,
  // Webhook receivers (docs/decisions/400-live-webhooks-inbox-and-queue.md): Jira's shared
  // secret (HMAC-SHA256 of the body), Forecast's token in the address, Pipedrive's basic auth.
  JIRA_WEBHOOK_SECRET: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().min(16, 'must be at least 16 characters').optional())
    .optional(),
  FORECAST_WEBHOOK_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .min(24, 'must be at least 24 characters')
        .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - and _ (it goes in the address)')
        .optional(),
    )
    .optional(),
  PIPEDRIVE_WEBHOOK_USER: optionalText,
  PIPEDRIVE_WEBHOOK_PASSWORD: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().min(16, 'must be at least 16 characters').optional())
    .optional(),
  // Capacity (docs/decisions/320): weeks a won deal's hours are spread over, and a blended
  // hourly rate for its hours (unset: the average default rate of Forecast's rate cards).
  CAPACITY_DEAL_WEEKS: z.coerce.number().int().min(1).max(52).default(8),
  CAPACITY_BLENDED_RATE: z.coerce.number().positive().optional(),
  // Deal values in the company currency (docs/decisions/410): the value of one unit of each
  // currency, `EUR=1.08,AUD=0.66`; a currency without a rate is never converted.
  FX_RATES: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === '') return undefined;
      const parsed = parseFxRates(v);
      if ('rates' in parsed) return parsed.rates;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    })
    .optional(),
  // The Pipedrive deal custom field (its key) holding a deal's role mix, `Developer=60,Designer=40`.
  PLAN_ROLE_FIELD: optionalText,
  // Public holidays for people without a Forecast holiday calendar (docs/decisions/337): an
  // ISO 3166 country code and optionally one of its regions; unset country means none.
  PUBLIC_HOLIDAYS_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  PUBLIC_HOLIDAYS_REGION: z
    .string()
    .trim()
    .toUpperCase()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  AGENCY_TIMEZONE: z
    .string()
    .default('UTC')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/London'),
  // The currency costs and rates are kept in (docs/figures.md, "Currency"); invoices keep their own.
  COMPANY_CURRENCY: z
    .string()
    .trim()
    .toUpperCase()
    .default(DEFAULT_COMPANY_CURRENCY)
    .refine(isCurrencyCode, 'must be a three-letter currency code such as USD'),
  // The name a client reads at the top of a retainer room (docs/decisions/430).
  AGENCY_NAME: z.string().trim().min(1).max(100).default('Agency Dashboard'),
  DEMO_ADMIN_EMAIL: z.email().default('admin@demo.agency'),
  DEMO_ADMIN_PASSWORD: z.string().min(8).default('demo-admin-password'),
  DEMO_SCALE: z.coerce.number().int().min(1).max(100).default(1),
  // Full demo mode: how often the demo's Jira moves a ticket and delivers it (0: never).
  DEMO_LIVE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600)
    .refine((s) => s === 0 || s >= 5, 'must be 0 (off) or at least 5')
    .default(20),
  // How often the background refresh runs (one run per interval across all processes).
  SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  // Upstream calls one refresh run may make; the rest waits for the next run (Workers' limits).
  SYNC_PAGE_BUDGET: z.coerce.number().int().min(10).max(100_000).default(500),
  // The longest a project's billing sync may wait on Forecast, all its calls together; its
  // timeout message names this bound.
  BILLING_SYNC_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  // How long audit entries are kept; older ones are pruned after each sync run (docs/decisions/284).
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
  // Outgoing mail (reset links, the Monday digest); unset keeps mail in the in-app outbox.
  SMTP_URL: optionalUrl,
  DIGEST_FROM: z.string().trim().min(3).default('Agency Dashboard <dashboard@localhost>'),
  // Slack incoming webhook for alerts as they open (never money alerts); unset sends nothing.
  SLACK_WEBHOOK_URL: optionalUrl,
  // Sign-in through Google, Entra ID or any OpenID provider (src/shared/oidc-settings.ts).
  ...OidcEnvSchema.shape,
  // Daily snapshots of the embedded database kept in DATA_DIR/backups; 0 takes none.
  // Lets Prometheus scrape `GET /metrics` from elsewhere (`Authorization: Bearer …`); loopback needs none.
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().min(16, 'must be at least 16 characters').optional())
    .optional(),
  BACKUPS_KEPT: z.coerce.number().int().min(0).max(365).default(7),
});

export type Config = z.infer<typeof ConfigSchema> & {
  /** Jira runs against the built-in demo agency when its credentials are unset. */
  jiraDemo: boolean;
  forecastDemo: boolean;
  /** OpenID Connect sign-in, when its client is configured. */
  oidc: OidcSettings | null;
  pipedriveDemo: boolean;
  /** Where public holidays come from for people without a Forecast holiday calendar; null for none. */
  publicHolidays: PublicHolidayRegion | null;
  /** Exchange rates into COMPANY_CURRENCY and where they came from (the demo's when unset). */
  fx: { rates: FxRates; source: string };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once at start; a bad value names the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const jiraParts = [c.JIRA_BASE_URL, c.JIRA_EMAIL, c.JIRA_API_TOKEN];
  if (jiraParts.some(Boolean) && !jiraParts.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  JIRA_BASE_URL, JIRA_EMAIL and JIRA_API_TOKEN must be set together (or all left unset for demo mode)',
    );
  }
  const oidc = oidcSettingsFrom(c);
  if (typeof oidc === 'string') throw new ConfigError(`Invalid configuration:\n  ${oidc}`);
  if (c.PIPEDRIVE_API_TOKEN && !c.PIPEDRIVE_COMPANY_DOMAIN && !c.PIPEDRIVE_BASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  PIPEDRIVE_API_TOKEN needs PIPEDRIVE_COMPANY_DOMAIN (or PIPEDRIVE_BASE_URL)',
    );
  }
  if (Boolean(c.PIPEDRIVE_WEBHOOK_USER) !== Boolean(c.PIPEDRIVE_WEBHOOK_PASSWORD)) {
    throw new ConfigError(
      'Invalid configuration:\n  PIPEDRIVE_WEBHOOK_USER and PIPEDRIVE_WEBHOOK_PASSWORD must be set together',
    );
  }
  if (c.PUBLIC_HOLIDAYS_REGION && !c.PUBLIC_HOLIDAYS_COUNTRY) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_HOLIDAYS_REGION needs PUBLIC_HOLIDAYS_COUNTRY',
    );
  }
  const publicHolidays = c.PUBLIC_HOLIDAYS_COUNTRY
    ? { country: c.PUBLIC_HOLIDAYS_COUNTRY, region: c.PUBLIC_HOLIDAYS_REGION ?? null }
    : null;
  const unknown = publicHolidays && unknownRegion(publicHolidays.country, publicHolidays.region);
  if (unknown) {
    const name = unknown.includes('region') ? 'PUBLIC_HOLIDAYS_REGION' : 'PUBLIC_HOLIDAYS_COUNTRY';
    throw new ConfigError(`Invalid configuration:\n  ${name}: ${unknown}`);
  }
  return {
    ...c,
    publicHolidays,
    jiraDemo: !c.JIRA_API_TOKEN,
    forecastDemo: !c.FORECAST_API_KEY,
    pipedriveDemo: !c.PIPEDRIVE_API_TOKEN,
    oidc,
    fx: c.FX_RATES
      ? { rates: c.FX_RATES, source: 'FX_RATES' }
      : !c.PIPEDRIVE_API_TOKEN
        ? { rates: DEMO_FX_RATES, source: "FX_RATES, the demo's" }
        : { rates: {}, source: 'FX_RATES (unset)' },
  };
}
