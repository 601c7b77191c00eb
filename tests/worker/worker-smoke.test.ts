import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetManifest } from '../../src/render/assets';
import { root, startWranglerDev, whyNoWorkerTests, type WranglerDev } from '../helpers/wrangler';

/**
 * Runs the built Worker (dist/worker/worker.js) in workerd through `wrangler dev --local`, with
 * its Hyperdrive binding pointed at a fresh database on the local PostgreSQL, and walks the
 * first minutes of a new user: health, sign-up, approval, sign-in, the portfolio page and its
 * client entry. Needs no network: wrangler, workerd and the database are all local.
 */

const PASSWORD = 'correct horse battery staple';
const EMAIL = 'worker-smoke@agency.test';
const why = await whyNoWorkerTests();

if (why) {
  describe('the Worker under wrangler dev', () => {
    it.skip(`skipped: ${why}`, () => {});
  });
} else {
  describe('the Worker under wrangler dev', () => {
    let worker: WranglerDev;
    let origin = '';
    let manifest: AssetManifest;
    let cookie = '';
    const inDatabase = () => worker.inDatabase();

    beforeAll(async () => {
      manifest = JSON.parse(
        readFileSync(path.join(root, 'dist/manifest.json'), 'utf8'),
      ) as AssetManifest;
      worker = await startWranglerDev({ name: 'worker_smoke' });
      origin = worker.origin;
    }, 60_000);

    afterAll(async () => {
      await worker?.stop();
    }, 30_000);

    it('answers /healthz and has migrated the empty database on its first request', async () => {
      const res = await fetch(`${origin}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
      const sql = inDatabase();
      try {
        const [row] = await sql<
          { count: number }[]
        >`SELECT count(*)::int AS count FROM schema_migrations`;
        expect(row?.count).toBeGreaterThan(0);
      } finally {
        await sql.end();
      }
    });

    it('signs up, and once approved signs in with a session cookie', async () => {
      const headers = { Origin: origin, 'Content-Type': 'application/json' };
      const body = JSON.stringify({ email: EMAIL, password: PASSWORD });

      const signup = await fetch(`${origin}/api/signup`, { method: 'POST', headers, body });
      expect(signup.status).toBe(201);

      const early = await fetch(`${origin}/api/login`, { method: 'POST', headers, body });
      expect(early.status).toBe(403);

      const sql = inDatabase();
      try {
        const approved =
          await sql`UPDATE users SET approved = true WHERE email = ${EMAIL} RETURNING id`;
        expect(approved).toHaveLength(1);
      } finally {
        await sql.end();
      }

      const login = await fetch(`${origin}/api/login`, { method: 'POST', headers, body });
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ email: EMAIL, approved: true });
      const session = login.headers.getSetCookie().find((c) => c.startsWith('session='));
      expect(session).toMatch(/HttpOnly/i);
      cookie = session!.split(';')[0]!;
    });

    it('renders the Project Portfolio page for the signed-in user, the whole stylesheet inline under the nonce', async () => {
      const signedOut = await fetch(`${origin}/`, { redirect: 'manual' });
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get('location')).toBe('/auth');

      const res = await fetch(`${origin}/`, { headers: { Cookie: cookie }, redirect: 'manual' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await res.text();
      expect(page).toContain('Project Portfolio');
      expect(page).toContain(`<link rel="stylesheet" href="${manifest.css}">`);
      expect(page).toContain(`<script type="module" src="${manifest.main}"></script>`);
      // The stylesheet comes from Workers assets too, cached for a year.
      const css = await fetch(`${origin}${manifest.css}`);
      expect(css.status).toBe(200);
      expect((await css.text()).length).toBeGreaterThan(1000);
    });

    it('serves the hashed client entry from Workers assets, cached for a year', async () => {
      const res = await fetch(`${origin}${manifest.main}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await res.text()).toBe(
        readFileSync(path.join(root, 'dist/public', manifest.main), 'utf8'),
      );
    });
  });
}
