import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requireAbility } from '../../middleware/guards';
import { type CapacityAnswer, capacityFor, loadPipeline } from '../../services/capacity';
import { addCalendarDays } from '../../shared/calendar';
import { isoDateInZone } from '../../shared/time-zones';
import { csvResponse } from '../csv';
import { CAPACITY, type CapacityLine } from './export-columns';
import { type CapacityQuery, CapacityQuerySchema } from '../schemas';
import { valid } from '../validation';

const asCapacityQuery = (q: CapacityQuery) => ({ ...q, tentative: q.tentative === '1' });

/** The grid's lines, team by team (the team's roll-up, then its people), then the totals. */
function capacityLines(answer: CapacityAnswer): CapacityLine[] {
  const lines: CapacityLine[] = [];
  for (const team of answer.teams) {
    for (const week of team.weeks)
      lines.push({ row: 'Team', name: team.team, team: team.team, week });
    for (const person of answer.people.filter((p) => p.team === team.team))
      for (const week of person.weeks)
        lines.push({ row: 'Person', name: person.name, team: person.team, week });
  }
  for (const week of answer.weeks) lines.push({ row: 'Total', name: 'All teams', team: '', week });
  return lines;
}

/**
 * Capacity per person and week, mounted at /api/capacity: staff and admins. Hours only, no
 * money: the deals' expected load per week, no verdict (those are /api/plan's, if won); read from
 * PostgreSQL, so Forecast or Pipedrive being down changes nothing here.
 */
export const capacityApi = new Hono<AppEnv>()
  .use(requireAbility('capacity.view'))
  .get('/', valid('query', CapacityQuerySchema), async (c) => {
    const answer = await capacityFor(c.var.deps, asCapacityQuery(c.req.valid('query')));
    return c.json({
      weeks: answer.weeks.map((w) => ({
        weekStart: w.weekStart,
        availableHours: w.availableHours,
        allocatedHours: w.allocatedHours,
        tentativeHours: w.tentativeHours,
        freeHours: w.freeHours,
      })),
      people: answer.people,
    });
  })
  // The Capacity page's grid as a file: every person, team and total per week, in hours.
  .get('/export.csv', valid('query', CapacityQuerySchema), async (c) => {
    const answer = await capacityFor(c.var.deps, asCapacityQuery(c.req.valid('query')));
    const first = answer.weeks[0]!.weekStart;
    return csvResponse(
      c,
      { subject: 'capacity', from: first, to: addCalendarDays(answer.weeks.at(-1)!.weekStart, 6) },
      CAPACITY,
      capacityLines(answer),
    );
  });

/** The weighted pipeline, mounted at /api/pipeline: money, so admins only. */
export const pipelineApi = new Hono<AppEnv>()
  .use(requireAbility('money.view'))
  .get('/', async (c) => {
    const { db, config, clock } = c.var.deps;
    return c.json(
      await loadPipeline(db, {
        fx: { base: config.COMPANY_CURRENCY, rates: config.fx.rates },
        today: isoDateInZone(clock(), config.AGENCY_TIMEZONE),
      }),
    );
  });
