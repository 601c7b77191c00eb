import type { Context } from 'hono';
import type { SignedInEnv } from '../env';
import type { Actor } from '../services/availability';

/** The signed-in person making a change, as the audit log records them (docs/decisions/166). */
export const actorOf = (c: Context<SignedInEnv>): Actor => ({
  id: c.var.user.id,
  email: c.var.user.email,
});
