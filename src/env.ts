import type { Context } from 'hono';
import type { PasswordHasher } from './auth/password';
import type { Session, SessionUser } from './auth/session';
import type { Config } from './config';
import type { Db } from './db/port';
import type { AssetManifest } from './render/assets';

/** Everything the app needs from the outside, passed in once (no I/O at import time). */
export interface AppDeps {
  db: Db;
  config: Config;
  /** The current time; tests and the demo pass their own. */
  clock: () => Date;
  passwords: PasswordHasher;
  assets: AssetManifest;
  /** The client's network address, for login limits (the socket on Node, a header on Workers). */
  clientAddress: (c: Context) => string;
  /** When set, the `npm run users` command may act through this running server. */
  internalToken?: string;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: SessionUser | null;
    session: Session | null;
  };
};
