import { type Context, Hono } from 'hono';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { z } from 'zod';
import { runUsersCommand, SHELL_USER_NAME, usersCommandActor } from '../../services/users-command';
import type { AppEnv } from '../../env';
import { valid } from '../validation';

const encoder = new TextEncoder();
const CommandSchema = z.strictObject({
  args: z.array(z.string().max(320)).max(4),
  /** The shell user who ran the command, for the audit log. */
  by: z
    .string()
    .regex(SHELL_USER_NAME, 'by must be a shell user name (letters, digits, . _ @ $ -)')
    .optional(),
});

/**
 * Lets `npm run users` act through the running server when the server owns the embedded
 * database (PGlite allows one process). Guarded by a random token the server writes to a
 * file only its user can read; absent unless the server set one.
 */
function hasServerToken(c: Context<AppEnv>): boolean {
  const expected = c.var.deps.internalToken;
  const given = c.req.header('x-internal-token') ?? '';
  // Hash both sides so the comparison is constant time whatever the lengths.
  return (
    !!expected && constantTimeEqual(sha256(encoder.encode(given)), sha256(encoder.encode(expected)))
  );
}

export const internalApi = new Hono<AppEnv>()
  .post('/users-command', valid('json', CommandSchema), async (c) => {
    if (!hasServerToken(c)) return c.json({ message: 'Not found' }, 404);
    const { args, by } = c.req.valid('json');
    const result = await runUsersCommand(c.var.deps.db, args, usersCommandActor(by ?? ''));
    // A refused command is a 400 like any other: it carries a message, as every 4xx does.
    return result.ok ? c.json(result) : c.json({ ...result, message: result.output }, 400);
  })
  // `npm run backup` while the server owns the embedded database: the owner takes the snapshot
  // (docs/decisions/273).
  .post('/backup', async (c) => {
    const { db } = c.var.deps;
    if (!hasServerToken(c) || !db.dumpDataDir) return c.json({ message: 'Not found' }, 404);
    const snapshot = await db.dumpDataDir();
    return c.body(await snapshot.arrayBuffer(), 200, { 'Content-Type': 'application/gzip' });
  });
