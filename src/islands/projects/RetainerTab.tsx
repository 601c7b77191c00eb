import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../client/api';
import { Gauge } from '../../components/Gauge';
import { QueryPanel } from '../../components/QueryPanel';
import { badge } from '../../components/ui.css';
import type { ProjectForEveryone } from '../../shared/projects';
import { formatMoney } from '../../shared/currency';
import { formatDate, hoursBilled } from '../../shared/format';
import { achievementColor, percentOf } from '../../shared/percent';
import { retainerStatusColor } from '../../shared/retainer';
import { type RetainerPeriodsAnswer, retainerPeriodsKey } from './api';
import { RetainerForecastPanel } from './RetainerForecastPanel';
import * as s from './ProjectDetailModal.css';
import { retainerSummary } from '../../shared/retainer';

/** The detail modal's 'Retainer Periods' tab (docs/product-spec.md, "Project detail modal"). */
export function RetainerTab({
  project,
  isAdmin = false,
}: {
  project: ProjectForEveryone;
  isAdmin?: boolean;
}) {
  if (project.forecastProjectId === null) {
    return (
      <div className={s.centered}>
        <div className={s.stateTitle}>Not Linked to Forecast</div>
      </div>
    );
  }
  return (
    <>
      {isAdmin && project.forecastBudgetType === 'RETAINER' ? (
        <RetainerForecastPanel projectId={project.id} />
      ) : null}
      <RetainerPeriods projectId={project.id} />
    </>
  );
}

function RetainerPeriods({ projectId }: { projectId: number }) {
  const query = useQuery({
    queryKey: retainerPeriodsKey(projectId),
    queryFn: () =>
      apiRequest<RetainerPeriodsAnswer>('GET', `/api/projects/${projectId}/retainer-periods`),
  });
  return (
    <QueryPanel
      query={query}
      look="compact"
      loading="Loading retainer periods..."
      error={{
        title: 'Failed to load retainer periods',
        text: 'This project may not have retainer periods configured in Forecast',
      }}
      empty={{ when: (d) => d.retainerPeriods.length === 0, title: 'No Retainer Periods' }}
    >
      {(answer) => <RetainerPeriodsView answer={answer} />}
    </QueryPanel>
  );
}

function RetainerPeriodsView({ answer }: { answer: RetainerPeriodsAnswer }) {
  const periods = answer.retainerPeriods;
  // In the project's billing currency, named by its own symbol ('A$', '€'; '$' only for USD).
  const money = (n: number) => formatMoney(n, answer.currency);
  const summary = retainerSummary(periods);
  return (
    <>
      <section className={s.section} aria-labelledby="retainer-summary">
        <h3 id="retainer-summary" className={s.h3}>
          Project Summary
        </h3>
        <div className={`${s.panel} ${s.summary}`}>
          <div className={s.stats}>
            <div className={s.stat}>
              <span className={s.statLabel}>Total Target T&amp;M</span>
              <span className={s.statValue}>{money(summary.totalTarget)}</span>
            </div>
            <div className={s.stat}>
              <span className={s.statLabel}>Total Actual T&amp;M</span>
              <span className={s.statValue}>{money(summary.totalActual)}</span>
            </div>
            <div className={s.stat} data-testid="target-difference">
              <span className={s.statLabel}>{summary.over ? 'Over Target' : 'Under Target'}</span>
              <span className={`${s.statValue} ${summary.over ? s.red : s.green}`}>
                {money(summary.difference)}
              </span>
            </div>
          </div>
          <div className={s.ringBlock}>
            <strong>Overall Achievement</strong>
            <Gauge
              percent={summary.achievement}
              size={84}
              label="Overall Achievement"
              tone={achievementColor(summary.achievement)}
            />
            <span>{summary.achievement}% of target achieved</span>
          </div>
        </div>
      </section>
      <ul className={s.periods} aria-label="Retainer periods">
        {periods.map((p) => (
          <li key={p.id} className={s.period} data-testid="retainer-period">
            <div>
              <div className={s.row}>
                <strong>Week {p.period_number}</strong>
                <span className={badge[retainerStatusColor(p.status)]}>{p.status}</span>
              </div>
              <dl className={s.periodFacts}>
                <dt className={s.term}>Start</dt>
                <dd className={s.value}>{formatDate(p.start_date)}</dd>
                <dt className={s.term}>End</dt>
                <dd className={s.value}>{formatDate(p.end_date)}</dd>
                <dt className={s.term}>Target Amount</dt>
                <dd className={s.value}>{money(p.target_amount)}</dd>
                <dt className={s.term}>Actual Amount</dt>
                <dd className={s.value}>
                  {money(p.actual_amount)}
                  {p.actual_billable_minutes > 0
                    ? ` (${hoursBilled(p.actual_billable_minutes)} hrs billed)`
                    : null}
                </dd>
              </dl>
            </div>
            <Gauge
              percent={percentOf(p.actual_amount, p.target_amount)}
              tone={achievementColor(percentOf(p.actual_amount, p.target_amount))}
              size={56}
              strokeWidth={6}
              label={`Week ${p.period_number} of target`}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
