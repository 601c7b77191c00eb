import { createApp } from './app';
import type { AppDeps } from './env';
import { alertsAfterRun } from './services/alerts';
import {
  createIntegrations,
  type IntegrationOptions,
  type Integrations,
} from './services/integrations';
import {
  createRefreshRunner,
  type RefreshRunner,
  type RefreshSettings,
  refreshSettingsFrom,
} from './services/refresh';
import { createSlackNotifier } from './services/slack';

/** What differs between the Node server, the Worker, the tests and the bench. */
export interface RuntimeOptions
  extends Pick<
      AppDeps,
      'db' | 'config' | 'passwords' | 'assets' | 'clientAddress' | 'defer' | 'clock'
    >,
    Partial<
      Pick<
        AppDeps,
        | 'peerAddress'
        | 'metrics'
        | 'internalToken'
        | 'mailer'
        | 'jobs'
        | 'webhookSecrets'
        | 'changes'
      >
    > {
  /** Who runs refreshes ('node 1234@host', 'worker', 'test'): in the history and the lease. */
  runner: string;
  /** Where a refresh run's JSON line and the alert rules' failures go. */
  log: { run: (line: string) => void; alerts: (line: string) => void };
  /** The upstream clients' tuning: the demo mocks' fetch, timeouts, a sleep for retries. */
  http?: Omit<IntegrationOptions, 'onRequest' | 'onSkipped'>;
  /** Stand-ins that replace the configured clients, in the app and in every refresh run. */
  clients?: Partial<Integrations>;
  refreshSettings?: Partial<RefreshSettings>;
  /** Alert rules after every refresh run (default); tests that count a run's work turn it off. */
  alertsAfterRuns?: boolean;
}

export interface Runtime {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  /** The upstream clients the app uses (the demo seed fills the dashboard through them). */
  clients: Integrations;
  refresh: RefreshRunner;
  /** The alert rules over the stored figures, one evaluation at a time in this process. */
  evaluateAlerts: () => Promise<void>;
}

/**
 * The app's wiring, written once: the upstream clients, the refresh runner with the alert rules
 * after each run, and the app over them. No I/O; the entries start schedules and listen.
 *
 * @example const { app, refresh } = createRuntime({ db, config, passwords, assets, ... })
 */
export function createRuntime(options: RuntimeOptions): Runtime {
  const { db, config, clock, metrics, http, clients } = options;
  const onResponse = metrics?.upstreamResponse;
  const connect = (extra: IntegrationOptions = {}): Integrations => ({
    ...createIntegrations(config, { ...http, onResponse, ...extra }),
    ...clients,
  });
  const evaluateAlerts = alertsAfterRun({
    db,
    clock,
    timeZone: config.AGENCY_TIMEZONE,
    qaStatus: config.JIRA_QA_STATUS,
    publicHolidays: config.publicHolidays,
    companyCurrency: config.COMPANY_CURRENCY,
    slack: config.SLACK_WEBHOOK_URL ? createSlackNotifier(config.SLACK_WEBHOOK_URL) : undefined,
    log: options.log.alerts,
  });
  const refresh = createRefreshRunner({
    db,
    connect: (onRequest, onSkipped, limits) => connect({ onRequest, onSkipped, ...limits }),
    clock,
    timeZone: config.AGENCY_TIMEZONE,
    settings: { ...refreshSettingsFrom(config), ...options.refreshSettings },
    runner: options.runner,
    log: options.log.run,
    afterRun: options.alertsAfterRuns === false ? undefined : evaluateAlerts,
    metrics,
  });
  const own = connect();
  const deps: AppDeps = {
    db,
    config,
    clock,
    passwords: options.passwords,
    assets: options.assets,
    jira: own.jira,
    forecast: own.forecast,
    clientAddress: options.clientAddress,
    peerAddress: options.peerAddress,
    metrics,
    internalToken: options.internalToken,
    refresh,
    defer: options.defer,
    mailer: options.mailer,
    jobs: options.jobs,
    webhookSecrets: options.webhookSecrets,
    ...(options.changes !== undefined ? { changes: options.changes } : {}),
  };
  return { app: createApp(deps), deps, clients: own, refresh, evaluateAlerts };
}
