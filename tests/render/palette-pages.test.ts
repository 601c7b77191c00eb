import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/port';
import { AGENCY_TABS, agencyTabHref, pagesFor, SITE_PAGES } from '../../src/shared/site-pages';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTestDb } from '../helpers/db';

// The command palette lists the pages of src/shared/site-pages.ts a role may open: every page the
// app serves is there, with the ability its guard asks, so each one listed opens for that role
// and none is listed that would send the person back to /.

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
const cookies = { user: '', staff: '', admin: '' };

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  t = createTestApp(db);
  cookies.user = await t.signIn('user');
  cookies.staff = await t.signIn('staff');
  cookies.admin = await t.signIn('admin');
});
afterAll(() => drop());

/** GET routes that are not pages a person opens from the palette. */
const NOT_PAGES = [
  /^\/api\//,
  /^\/auth\b/,
  /^\/internal\//,
  /^\/webhooks\//,
  /^\/(healthz|readyz|metrics)$/,
  /^\/assets\//,
  /^\/portfolio\/projects$/, // the cards' fragment
  /^\/reset-password$/, // needs a one-time link
  /:/, // one project's or one thing's page, found by its name instead
  /\*/,
];

describe('the pages the palette finds', () => {
  it('lists every page the app serves, and each Insights tab', () => {
    const served = [
      ...new Set(
        t.app.routes
          .filter((r) => r.method === 'GET')
          .map((r) => r.path.replace(/\/$/, '') || '/')
          .filter((p) => !NOT_PAGES.some((re) => re.test(p))),
      ),
    ];
    const listed = new Set(SITE_PAGES.map((p) => p.href.split(/[?#]/)[0]));
    expect(served.filter((p) => !listed.has(p)).sort()).toEqual([]);
    for (const required of ['/capacity', '/agency/outbox', '/agency/settings', '/alerts'])
      expect(listed, required).toContain(required);
    for (const tab of AGENCY_TABS)
      expect(SITE_PAGES.map((p) => p.href)).toContain(agencyTabHref(tab.id));
  });

  for (const role of ['user', 'staff', 'admin'] as const)
    it(`gives ${role === 'admin' ? 'an' : 'a'} ${role} exactly the pages that open for them`, async () => {
      const mine = new Set(pagesFor(role).map((p) => p.href));
      for (const page of SITE_PAGES) {
        const res = await t.request('GET', page.href, { cookie: cookies[role] });
        expect(res.status, `${role} ${page.href}`).toBe(mine.has(page.href) ? 200 : 302);
      }
    });

  it('keeps Capacity from users, and the Outbox and Insights for admins', () => {
    const labels = (role: 'user' | 'staff' | 'admin') => pagesFor(role).map((p) => p.label);
    expect(labels('user')).not.toContain('Capacity');
    expect(labels('staff')).toContain('Capacity');
    expect(labels('staff')).not.toContain('Outbox');
    expect(labels('admin')).toEqual(
      expect.arrayContaining(['Capacity', 'Outbox', 'Insights: Budget Burn', 'Insights: Pipeline']),
    );
  });
});
