import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { badge, button, card, input, label, muted, spinner } from '../components/ui.css';
import {
  ALERT_RULES,
  type AlertJson,
  type AlertRule,
  type AlertsResponse,
  needsAttention,
  RULE_LABELS,
  SNOOZE_CHOICES,
} from '../shared/alerts';
import { ALERTS_CHANGED_EVENT } from '../shared/island-markers';
import * as s from './AlertsList.css';
import { dateTimeFormat } from '../shared/date-time-format';

export interface Filters {
  status: 'open' | 'closed' | 'all';
  projectId: number | null;
  rule: AlertRule | null;
}

export interface Props {
  initial: AlertsResponse;
  filters: Filters;
  /** Projects to filter by (visible ones), by name. */
  projects: { id: number; name: string }[];
  /** Rules this person may see (money rules only for admins). */
  rules: AlertRule[];
  now: string;
  timeZone: string;
}

type AlertAction =
  | { id: number; kind: 'ack' | 'undo' }
  | { id: number; kind: 'snooze'; hours: number };

function queryOf(f: Filters): string {
  const q = new URLSearchParams({ status: f.status });
  if (f.projectId !== null) q.set('projectId', String(f.projectId));
  if (f.rule) q.set('rule', f.rule);
  return q.toString();
}

const when = (iso: string, timeZone: string) =>
  dateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));

/** Readable names for the numbers an alert keeps. */
const NUMBER_LABELS: Record<string, string> = {
  overdueAmount: 'Overdue',
  daysOverdue: 'Days overdue',
  dueDate: 'Due',
  projectValue: 'Project value',
  costToDate: 'Cost to date',
  invoicedToDate: 'Invoiced to date',
  costPercent: 'Cost %',
  invoicedPercent: 'Invoiced %',
  threshold: 'Threshold',
  target: 'Target',
  projected: 'Projected',
  offPercent: 'Off target %',
  periodNumber: 'Period',
  invoiced: 'Invoiced (4 weeks)',
  cost: 'Cost (4 weeks)',
  marginPercent: 'Margin %',
  earlierWeek: 'Week',
  earlierVelocity: 'Velocity %',
  laterWeek: 'Then week',
  laterVelocity: 'Velocity %',
  blocked: 'Blocked',
  sprint: 'Sprint',
  hoursSinceSuccess: 'Hours since last success',
  lastSuccessAt: 'Last success',
  lastFailure: 'Last failure',
  developer: 'Developer',
  weekStart: 'Week of',
};

/**
 * The `/alerts` list: filters kept in the address, each alert with its numbers and since when,
 * a link to its project, and the person's own acknowledge, snooze and undo.
 */
export default function AlertsList({
  initial,
  filters: start,
  projects,
  rules,
  now,
  timeZone,
}: Props) {
  const [filters, setFilters] = useState(start);
  const queryClient = useQueryClient();
  const ids = { status: useId(), project: useId(), rule: useId() };
  const key = `/api/alerts?${queryOf(filters)}`;
  const list = useQuery({
    queryKey: [key],
    queryFn: () => apiRequest<AlertsResponse>('GET', key),
    initialData: queryOf(filters) === queryOf(start) ? initial : undefined,
  });

  useEffect(() => {
    const url = `/alerts?${queryOf(filters)}`;
    if (`${window.location.pathname}${window.location.search}` !== url)
      window.history.replaceState(null, '', url);
  }, [filters]);

  const change = useMutation({
    mutationFn: (action: AlertAction) =>
      'hours' in action
        ? apiRequest('POST', `/api/alerts/${action.id}/snooze`, { hours: action.hours })
        : action.kind === 'ack'
          ? apiRequest('POST', `/api/alerts/${action.id}/acknowledge`)
          : apiRequest('DELETE', `/api/alerts/${action.id}/my-state`),
    onSuccess: async (_result, action) => {
      toast({
        title:
          action.kind === 'ack'
            ? 'Alert acknowledged'
            : action.kind === 'undo'
              ? 'Alert back in your count'
              : 'Alert snoozed',
        description:
          'hours' in action
            ? `It comes back in ${SNOOZE_CHOICES.find((c) => c.hours === action.hours)?.label ?? `${action.hours} hours`}. Others still see it.`
            : action.kind === 'ack'
              ? 'It no longer counts for you. Others still see it.'
              : 'It counts for you again.',
      });
      await queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith('/api/alerts'),
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'The alert could not be changed'),
        variant: 'destructive',
      }),
  });

  useEffect(() => {
    if (list.data)
      window.dispatchEvent(new CustomEvent(ALERTS_CHANGED_EVENT, { detail: list.data.attention }));
  }, [list.data]);

  const at = new Date(now);
  return (
    <div>
      <form className={s.filters} onSubmit={(e) => e.preventDefault()} aria-label="Filter alerts">
        <div className={s.filter}>
          <label className={label} htmlFor={ids.status}>
            Status
          </label>
          <select
            id={ids.status}
            className={input}
            value={filters.status}
            onChange={(e) =>
              setFilters({ ...filters, status: e.target.value as Filters['status'] })
            }
          >
            <option value="open">Open</option>
            <option value="closed">Closed</option>
            <option value="all">All</option>
          </select>
        </div>
        <div className={s.filter}>
          <label className={label} htmlFor={ids.project}>
            Project
          </label>
          <select
            id={ids.project}
            className={input}
            value={filters.projectId ?? ''}
            onChange={(e) =>
              setFilters({ ...filters, projectId: e.target.value ? Number(e.target.value) : null })
            }
          >
            <option value="">All projects</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className={s.filter}>
          <label className={label} htmlFor={ids.rule}>
            Rule
          </label>
          <select
            id={ids.rule}
            className={input}
            value={filters.rule ?? ''}
            onChange={(e) =>
              setFilters({ ...filters, rule: (e.target.value || null) as AlertRule | null })
            }
          >
            <option value="">All rules</option>
            {ALERT_RULES.filter((r) => rules.includes(r)).map((r) => (
              <option key={r} value={r}>
                {RULE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <a
          className={button.secondary}
          href={`/api/alerts/export.csv?${queryOf(filters)}`}
          download
        >
          Export CSV
        </a>
      </form>

      {list.isPending ? (
        <div className={s.state} role="status">
          <div className={spinner} />
          <p className={muted}>Loading alerts...</p>
        </div>
      ) : list.isError ? (
        <div className={`${card} ${s.state}`} role="alert">
          <strong>Failed to load alerts</strong>
          <p className={muted}>{serverMessage(list.error, 'Please try again.')}</p>
          <button type="button" className={button.secondary} onClick={() => list.refetch()}>
            Try again
          </button>
        </div>
      ) : list.data.alerts.length === 0 ? (
        <div className={`${card} ${s.state}`}>
          <strong>
            {filters.status === 'closed'
              ? 'No closed alerts'
              : filters.status === 'all'
                ? 'No alerts'
                : 'No open alerts'}
          </strong>
          <p className={muted}>
            {filters.status === 'open'
              ? 'Nothing needs attention right now.'
              : 'Try other filters.'}
          </p>
        </div>
      ) : (
        <ul className={s.list} aria-label="Alerts" data-testid="alert-list">
          {list.data.alerts.map((a) => (
            <AlertItem
              key={a.id}
              alert={a}
              now={at}
              timeZone={timeZone}
              busy={change.isPending}
              onAction={(action) => change.mutate(action)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function AlertItem({
  alert: a,
  now,
  timeZone,
  busy,
  onAction,
}: {
  alert: AlertJson;
  now: Date;
  timeZone: string;
  busy: boolean;
  onAction: (action: AlertAction) => void;
}) {
  const snoozeId = useId();
  const [hours, setHours] = useState<number>(SNOOZE_CHOICES[1].hours);
  const attention = needsAttention(a, now);
  const mine = a.acknowledgedAt
    ? `Acknowledged ${when(a.acknowledgedAt, timeZone)}`
    : a.snoozedUntil && new Date(a.snoozedUntil) > now
      ? `Snoozed until ${when(a.snoozedUntil, timeZone)}`
      : null;
  return (
    <li className={`${card} ${s.item}`} data-testid="alert" data-alert-id={a.id} data-rule={a.rule}>
      <div className={s.head}>
        <span className={a.status === 'open' ? badge.red : badge.grey}>{a.ruleLabel}</span>
        {a.projectId !== null && a.projectName ? (
          <a href={`/?project=${a.projectId}`}>{a.projectName}</a>
        ) : null}
        <span className={s.meta}>
          {a.status === 'open'
            ? `Open since ${when(a.openedAt, timeZone)}`
            : `Open ${when(a.openedAt, timeZone)} to ${when(a.closedAt!, timeZone)}`}
        </span>
        {mine ? <span className={badge.blue}>{mine}</span> : null}
      </div>
      <p>{a.message}</p>
      <dl className={s.numbers}>
        {Object.entries(a.numbers).map(([k, v]) => (
          <div key={k}>
            <dt className={s.numberTerm}>{NUMBER_LABELS[k] ?? k}:</dt>{' '}
            <dd className={s.numberValue}>{v === null ? '—' : String(v)}</dd>
          </div>
        ))}
      </dl>
      {a.status === 'open' ? (
        <div className={s.actions}>
          {attention ? (
            <>
              <button
                type="button"
                className={button.primary}
                disabled={busy}
                onClick={() => onAction({ id: a.id, kind: 'ack' })}
              >
                Acknowledge
              </button>
              <label className={s.meta} htmlFor={snoozeId}>
                Snooze for
              </label>
              <select
                id={snoozeId}
                className={`${input} ${s.snooze}`}
                value={hours}
                onChange={(e) => setHours(Number(e.target.value))}
              >
                {SNOOZE_CHOICES.map((c) => (
                  <option key={c.hours} value={c.hours}>
                    {c.label}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className={button.secondary}
                disabled={busy}
                onClick={() => onAction({ id: a.id, kind: 'snooze', hours })}
              >
                Snooze
              </button>
            </>
          ) : (
            <button
              type="button"
              className={button.secondary}
              disabled={busy}
              onClick={() => onAction({ id: a.id, kind: 'undo' })}
            >
              Undo
            </button>
          )}
        </div>
      ) : null}
    </li>
  );
}
