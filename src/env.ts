import type { Context } from 'hono';
import type { PasswordHasher } from './auth/password';
import type { Session, SessionUser } from './auth/session';
import type { Config } from './config';
import type { Db } from './db/port';
import type { UserPreferences } from './db/preferences';
import type { AssetManifest } from './render/assets';
import type { ForecastClient } from './services/forecast/client';
import type { JiraClient } from './services/jira/client';
import type { Mailer } from './services/mail';
import type { AppMetrics } from './services/metrics';
import type { RefreshRunner } from './services/refresh';
import type { ChangeFeed } from './services/live/feed';
import type { JobQueue } from './services/live/jobs';
import type { WebhookSecrets } from './services/live/receive';

/** Everything the app needs from the outside, passed in once (no I/O at import time). */
export interface AppDeps {
  db: Db;
  config: Config;
  /** The current time; tests and the demo pass their own. */
  clock: () => Date;
  passwords: PasswordHasher;
  /** Upstream clients; in demo mode they talk to the in-process mock agency. */
  jira: JiraClient;
  forecast: ForecastClient;
  assets: AssetManifest;
  /** The client's network address, for login limits (the socket on Node, a header on Workers). */
  clientAddress: (c: Context) => string;
  /**
   * The connecting socket's own address (Node); absent on Workers, where no peer is loopback.
   * Never a header: `GET /metrics` trusts loopback on it.
   */
  peerAddress?: (c: Context) => string | undefined;
  /** Counters for `GET /metrics` (src/services/metrics.ts); without them the route is not found. */
  metrics?: AppMetrics;
  /** When set, the `npm run users` command may act through this running server. */
  internalToken?: string;
  /** The refresh runner (one at a time across processes): Sync now, billing and link runs. */
  refresh: RefreshRunner;
  /** Keeps work going after the response (Node: it simply runs on; Workers: ctx.waitUntil). */
  defer: (task: Promise<unknown>) => void;
  /** Outgoing mail when `SMTP_URL` is set; without it, mail waits in the in-app outbox. */
  mailer?: Mailer;
  /** The job queue (pg-boss on Node, Cloudflare Queues on Workers); without it deliveries wait for the catch-up. */
  jobs?: JobQueue;
  /** The webhook receivers' secrets; from the environment unless given (the demo makes its own). */
  webhookSecrets?: WebhookSecrets;
  /** The change feed open pages follow (GET /api/events); made over `db` when not given, none on Workers. */
  changes?: ChangeFeed | null;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: SessionUser | null;
    session: Session | null;
    /** The signed-in user's stored choices, read with the session (their defaults when none). */
    preferences: UserPreferences | null;
  };
};

/**
 * The app's env past a guard (src/middleware/guards.ts): someone is signed in, so handlers read
 * `c.var.user`, `c.var.session` and `c.var.preferences` with no check of their own.
 */
export type SignedInEnv = {
  Variables: AppEnv['Variables'] & {
    user: SessionUser;
    session: Session;
    preferences: UserPreferences;
  };
};
