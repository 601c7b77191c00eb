import { Hono } from 'hono';
import { z } from 'zod';
import {
  getAlertThresholds,
  listOutbox,
  listThresholdChanges,
  saveAlertThresholds,
  isSubscribedToDigest,
  setDigestSubscription,
} from '../../db/alerts';
import type { AppEnv } from '../../env';
import { requireAbility, requireUser } from '../../middleware/guards';
import {
  acknowledgeAlert,
  acknowledgeAlerts,
  attentionCounts,
  listAlertsFor,
  reopenAlertForMe,
  snoozeAlert,
  toAlertJson,
  viewerOf,
} from '../../services/alerts';
import {
  type AlertJson,
  type AlertThresholds,
  DEFAULT_THRESHOLDS,
  MAX_SNOOZE_HOURS,
  THRESHOLD_FIELDS,
} from '../../shared/alerts';
import type { CsvColumn } from '../../shared/csv';
import { csvResponse } from '../csv';
import { AlertFilterSchema, AlertIdParam, BulkAcknowledgeSchema } from '../schemas';
import { valid } from '../validation';
import { agencyToday } from './insights';

const SnoozeSchema = z.strictObject({
  hours: z
    .number('hours must be a number')
    .int('hours must be a whole number')
    .min(1, 'Snooze for at least 1 hour')
    .max(MAX_SNOOZE_HOURS, `Snooze for at most ${MAX_SNOOZE_HOURS} hours (30 days)`),
});

const thresholdShape = Object.fromEntries(
  Object.entries(THRESHOLD_FIELDS).map(([key, f]) => {
    let n = z
      .number(`${key} must be a number`)
      .min(f.min, `${key} must be at least ${f.min}`)
      .max(f.max, `${key} must be at most ${f.max}`);
    if (f.integer) n = n.int(`${key} must be a whole number`);
    return [key, n];
  }),
) as Record<keyof AlertThresholds, z.ZodNumber>;
export const ThresholdsSchema = z.strictObject(thresholdShape);

const SubscriptionSchema = z.strictObject({
  subscribed: z.boolean('subscribed must be true or false'),
});

const CSV_COLUMNS: readonly CsvColumn<AlertJson>[] = [
  { header: 'Rule', value: (a) => a.ruleLabel },
  { header: 'Project', value: (a) => a.projectName ?? '' },
  { header: 'Status', value: (a) => a.status },
  { header: 'Opened', value: (a) => a.openedAt },
  { header: 'Closed', value: (a) => a.closedAt ?? '' },
  { header: 'Message', value: (a) => a.message },
  { header: 'Numbers', value: (a) => JSON.stringify(a.numbers) },
  { header: 'Acknowledged', value: (a) => a.acknowledgedAt ?? '' },
  { header: 'Snoozed until', value: (a) => a.snoozedUntil ?? '' },
];

/**
 * Alerts for the signed-in person: money alerts only for admins (the filter is in the query),
 * acknowledge and snooze per person (docs/decisions/201-alert-lifecycle.md).
 */
export const alertsApi = new Hono<AppEnv>()
  .use('*', requireUser())
  .get('/', valid('query', AlertFilterSchema), async (c) => {
    const viewer = viewerOf(c.var.user);
    const { db } = c.var.deps;
    const [alerts, counts] = await Promise.all([
      listAlertsFor(db, viewer, c.req.valid('query')),
      attentionCounts(db, viewer, c.var.deps.clock()),
    ]);
    return c.json({ alerts: alerts.map(toAlertJson), attention: counts.total });
  })
  .get('/count', async (c) => {
    const counts = await attentionCounts(c.var.deps.db, viewerOf(c.var.user), c.var.deps.clock());
    return c.json({ attention: counts.total, byProject: counts.byProject });
  })
  .get('/export.csv', valid('query', AlertFilterSchema), async (c) => {
    const filters = c.req.valid('query');
    const alerts = await listAlertsFor(c.var.deps.db, viewerOf(c.var.user), {
      ...filters,
      limit: 10_000,
    });
    return csvResponse(
      c,
      { subject: `alerts-${filters.status ?? 'open'}`, from: agencyToday(c.var.deps) },
      CSV_COLUMNS,
      alerts.map(toAlertJson),
    );
  })
  // Several at once, all or none: the list's 'Acknowledge selected' and 'Acknowledge all'
  // (docs/decisions/341-bulk-acknowledge-by-ids.md).
  .post('/acknowledge', valid('json', BulkAcknowledgeSchema), async (c) => {
    const { deps } = c.var;
    const result = await acknowledgeAlerts(
      deps.db,
      c.req.valid('json').ids,
      viewerOf(c.var.user),
      deps.clock(),
    );
    return c.json(result);
  })
  .post('/:id/acknowledge', valid('param', AlertIdParam), async (c) => {
    const { deps } = c.var;
    const alert = await acknowledgeAlert(
      deps.db,
      c.req.valid('param').id,
      viewerOf(c.var.user),
      deps.clock(),
    );
    return c.json({ alert: toAlertJson(alert) });
  })
  .post('/:id/snooze', valid('param', AlertIdParam), valid('json', SnoozeSchema), async (c) => {
    const { deps } = c.var;
    const until = new Date(deps.clock().getTime() + c.req.valid('json').hours * 3_600_000);
    const alert = await snoozeAlert(deps.db, c.req.valid('param').id, viewerOf(c.var.user), until);
    return c.json({ alert: toAlertJson(alert) });
  })
  .delete('/:id/my-state', valid('param', AlertIdParam), async (c) => {
    const alert = await reopenAlertForMe(
      c.var.deps.db,
      c.req.valid('param').id,
      viewerOf(c.var.user),
    );
    return c.json({ alert: toAlertJson(alert) });
  });

/** The thresholds, edited by admins; each change is recorded with who made it. */
export const alertSettingsApi = new Hono<AppEnv>()
  .use('*', requireAbility('settings.global'))
  .get('/', async (c) => {
    const { db } = c.var.deps;
    const [thresholds, changes] = await Promise.all([
      getAlertThresholds(db),
      listThresholdChanges(db),
    ]);
    return c.json({ thresholds, defaults: DEFAULT_THRESHOLDS, changes });
  })
  .put('/', valid('json', ThresholdsSchema), async (c) => {
    const { db } = c.var.deps;
    await saveAlertThresholds(db, c.req.valid('json'), c.var.user.email);
    return c.json({ thresholds: await getAlertThresholds(db) });
  });

/** A person's own Monday digest toggle (admins always get it). */
export const digestSubscriptionApi = new Hono<AppEnv>()
  .use('*', requireUser())
  .get('/', async (c) =>
    c.json({
      subscribed:
        c.var.user.role === 'admin' || (await isSubscribedToDigest(c.var.deps.db, c.var.user.id)),
      alwaysSent: c.var.user.role === 'admin',
    }),
  )
  .put('/', valid('json', SubscriptionSchema), async (c) => {
    const { subscribed } = c.req.valid('json');
    await setDigestSubscription(c.var.deps.db, c.var.user.id, subscribed);
    return c.json({
      subscribed: c.var.user.role === 'admin' || subscribed,
      alwaysSent: c.var.user.role === 'admin',
    });
  });

/** Mail kept in the app when no SMTP server is set: admins read it here (the admins' digest carries money). */
export const outboxApi = new Hono<AppEnv>()
  .use('*', requireAbility('money.view'))
  .get('/', async (c) => {
    const mails = await listOutbox(c.var.deps.db);
    return c.json({
      mails: mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    });
  });
