import { sha256 } from '@oslojs/crypto/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/db/users';
import { TEST_PASSWORD, testPasswords } from '../helpers/app';
import { createTestDb } from '../helpers/db';
import { type ServerProcesses, startServerProcesses } from '../helpers/server-processes';
import { startUpstreamServer, type UpstreamServer } from '../helpers/upstream-server';

/**
 * Two built servers on one PostgreSQL database: a client link revoked through one no longer
 * opens on the other at its very next request, and revoked, expired and unknown tokens get the
 * same 404 from both (docs/decisions/430-client-retainer-room.md).
 */

const EXPIRED_TOKEN = 'ExpiredRoomToken000000';
/** The page without its per-response CSP nonce. */
const body = async (res: Response) => (await res.text()).replace(/ nonce="[^"]*"/g, '');

if (!process.env.DATABASE_URL) {
  describe('client links across two app processes', () => {
    it.skip('skipped: needs DATABASE_URL (several processes cannot share the embedded database)', () => {});
  });
} else {
  describe('client links across two app processes', () => {
    let upstream: UpstreamServer;
    let drop: () => Promise<void>;
    let servers: ServerProcesses | undefined;
    let origins: string[] = [];
    let projectId: number;

    beforeAll(async () => {
      upstream = await startUpstreamServer();
      const created = await createTestDb();
      drop = created.drop;
      const { migrate } = await import('../../src/db/migrate');
      await migrate(created.db);
      await createUser(created.db, {
        email: 'boss@agency.test',
        passwordHash: await testPasswords.hash(TEST_PASSWORD),
        role: 'admin',
        approved: true,
      });
      const [p] = await created.db.query<{ id: number }>(
        `INSERT INTO projects (name, visible) VALUES ('Harbour Retainer', 1) RETURNING id`,
      );
      projectId = p!.id;
      const hash = sha256(new TextEncoder().encode(EXPIRED_TOKEN));
      await created.db.query(
        `INSERT INTO share_links (project_id, token_lookup, token_hash, label, rolling, expires_on, created_at, created_by)
         VALUES ($1, $2, $3, 'Expired', true, (now() - interval '2 days')::date, now(), 'boss@agency.test')`,
        [projectId, hash.slice(0, 8), hash],
      );
      servers = await startServerProcesses(2, created.url!, () => ({
        ...upstream.env,
      }));
      origins = servers.logs.map((log) => log.match(/listening on (http:\/\/[\d.:]+)/)![1]!);
    }, 90_000);

    afterAll(async () => {
      await servers?.stop();
      await upstream?.close();
      await drop?.();
    }, 30_000);

    it('holds a revocation on the next request in the other process; one 404 for all', async () => {
      const [a, b] = origins as [string, string];
      const signIn = await fetch(`${a}/api/login`, {
        method: 'POST',
        headers: { Origin: a, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'boss@agency.test', password: TEST_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
      const made = await fetch(`${a}/api/projects/${projectId}/share-links`, {
        method: 'POST',
        headers: { Origin: a, Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          label: 'Client',
          expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
          rolling: true,
        }),
      });
      expect(made.status).toBe(201);
      const { id, url } = (await made.json()) as { id: number; url: string };
      const room = new URL(url).pathname;
      for (const origin of [a, b]) expect((await fetch(`${origin}${room}`)).status).toBe(200);

      const revoked = await fetch(`${a}/api/share-links/${id}`, {
        method: 'DELETE',
        headers: { Origin: a, Cookie: cookie },
      });
      expect(revoked.status).toBe(200);
      const answers = await Promise.all(
        [b, a].flatMap((origin) =>
          [room, `/r/${EXPIRED_TOKEN}`, '/r/AAAAAAAAAAAAAAAAAAAAAA'].map(async (p) => {
            const res = await fetch(`${origin}${p}`);
            return { status: res.status, body: await body(res) };
          }),
        ),
      );
      expect(answers[0]!.status).toBe(404);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    }, 60_000);
  });
}
