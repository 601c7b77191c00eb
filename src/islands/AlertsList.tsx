import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { apiRequest, serverMessage } from '../client/api';
import { toast } from '../client/toast';
import { badge, button, card, input, label } from '../components/ui.css';
import { QueryPanel } from '../components/QueryPanel';
import {
  ALERT_RULES,
  type AlertJson,
  type AlertRule,
  type AlertsResponse,
  needsAttention,
  RULE_LABELS,
  SNOOZE_CHOICES,
} from '../shared/alerts';
import { type AlertGroup, alertNumberLines, groupAlertsByProject } from '../shared/alert-list';
import { dateTimeFormat } from '../shared/date-time-format';
import { ALERTS_CHANGED_EVENT } from '../shared/island-markers';
import * as s from './AlertsList.css';

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

/**
 * The `/alerts` list: filters kept in the address, alerts grouped by project with a link to it,
 * each alert with its numbers and since when, and the person's own acknowledge, snooze and undo,
 * one at a time or several at once (chosen, or all of a group).
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

  // Chosen for 'Acknowledge selected': ids of alerts that still need this person's attention.
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const bulk = useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest<{ acknowledged: number; attention: number }>('POST', '/api/alerts/acknowledge', {
        ids,
      }),
    onSuccess: async ({ acknowledged, attention }) => {
      // The bell follows at once; the list catches up with its refetch.
      window.dispatchEvent(new CustomEvent(ALERTS_CHANGED_EVENT, { detail: attention }));
      setChosen(new Set());
      toast({
        title: acknowledged === 1 ? 'Alert acknowledged' : `${acknowledged} alerts acknowledged`,
        description: `${acknowledged === 1 ? 'It no longer counts' : 'They no longer count'} for you. Others still see ${acknowledged === 1 ? 'it' : 'them'}.`,
      });
      await queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith('/api/alerts'),
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error, 'The alerts could not be acknowledged'),
        variant: 'destructive',
      }),
  });
  const busy = change.isPending || bulk.isPending;

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

      <QueryPanel
        query={list}
        look="compact"
        loading="Loading alerts..."
        error={(e) => ({
          title: 'Failed to load alerts',
          text: serverMessage(e, 'Please try again.'),
        })}
        errorAction={
          <button type="button" className={button.secondary} onClick={() => list.refetch()}>
            Try again
          </button>
        }
        empty={{
          when: (d) => d.alerts.length === 0,
          title:
            filters.status === 'closed'
              ? 'No closed alerts'
              : filters.status === 'all'
                ? 'No alerts'
                : 'No open alerts',
          text:
            filters.status === 'open' ? 'Nothing needs attention right now.' : 'Try other filters.',
        }}
      >
        {(data) => (
          <AlertGroups
            groups={groupAlertsByProject(data.alerts)}
            now={at}
            timeZone={timeZone}
            busy={busy}
            chosen={chosen}
            onChoose={(id, on) =>
              setChosen((was) => {
                const next = new Set(was);
                if (on) next.add(id);
                else next.delete(id);
                return next;
              })
            }
            onAcknowledge={(ids) => bulk.mutate(ids)}
            onAction={(action) => change.mutate(action)}
          />
        )}
      </QueryPanel>
    </div>
  );
}

function AlertGroups({
  groups,
  now,
  timeZone,
  busy,
  chosen,
  onChoose,
  onAcknowledge,
  onAction,
}: {
  groups: AlertGroup[];
  now: Date;
  timeZone: string;
  busy: boolean;
  chosen: ReadonlySet<number>;
  onChoose: (id: number, on: boolean) => void;
  onAcknowledge: (ids: number[]) => void;
  onAction: (action: AlertAction) => void;
}) {
  const waiting = new Set(
    groups.flatMap((g) => g.alerts.filter((a) => needsAttention(a, now)).map((a) => a.id)),
  );
  // A choice whose alert was acknowledged or snoozed meanwhile no longer counts.
  const selected = [...chosen].filter((id) => waiting.has(id));
  return (
    <div data-testid="alert-list">
      {waiting.size > 0 ? (
        <div className={s.bulkBar} role="group" aria-label="Acknowledge several">
          <span className={s.meta} aria-live="polite">
            {selected.length === 0
              ? 'Tick alerts to acknowledge several at once.'
              : `${selected.length} selected`}
          </span>
          <button
            type="button"
            className={button.primary}
            disabled={busy || selected.length === 0}
            onClick={() => onAcknowledge(selected)}
          >
            Acknowledge selected
          </button>
        </div>
      ) : null}
      {groups.map((g) => {
        const open = g.alerts.filter((a) => waiting.has(a.id)).map((a) => a.id);
        const headingId = `alert-group-${g.projectId ?? 'agency'}`;
        return (
          <section
            key={g.projectId ?? 'agency'}
            className={s.group}
            aria-labelledby={headingId}
            data-testid="alert-group"
          >
            <div className={s.groupHead}>
              <h2 id={headingId} className={s.groupTitle}>
                {g.projectId !== null ? <a href={`/?project=${g.projectId}`}>{g.name}</a> : g.name}{' '}
                <span className={badge.grey} data-testid="alert-group-count">
                  {g.alerts.length === 1 ? '1 alert' : `${g.alerts.length} alerts`}
                </span>
              </h2>
              {open.length > 0 ? (
                <button
                  type="button"
                  className={button.secondary}
                  disabled={busy}
                  onClick={() => onAcknowledge(open)}
                >
                  {g.projectId === null
                    ? `Acknowledge all agency-wide (${open.length})`
                    : `Acknowledge all for this project (${open.length})`}
                </button>
              ) : null}
            </div>
            <ul className={s.list} aria-label={`Alerts: ${g.name}`}>
              {g.alerts.map((a) => (
                <AlertItem
                  key={a.id}
                  alert={a}
                  now={now}
                  timeZone={timeZone}
                  busy={busy}
                  chosen={chosen.has(a.id)}
                  onChoose={(on) => onChoose(a.id, on)}
                  onAction={onAction}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function AlertItem({
  alert: a,
  now,
  timeZone,
  busy,
  chosen,
  onChoose,
  onAction,
}: {
  alert: AlertJson;
  now: Date;
  timeZone: string;
  busy: boolean;
  chosen: boolean;
  onChoose: (on: boolean) => void;
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
        {attention ? (
          <input
            type="checkbox"
            className={s.choose}
            checked={chosen}
            aria-label={`Choose: ${a.ruleLabel}${a.projectName ? `, ${a.projectName}` : ''}`}
            onChange={(e) => onChoose(e.currentTarget.checked)}
          />
        ) : null}
        <span className={a.status === 'open' ? badge.red : badge.grey}>{a.ruleLabel}</span>
        <span className={s.meta}>
          {a.status === 'open'
            ? `Open since ${when(a.openedAt, timeZone)}`
            : `Open ${when(a.openedAt, timeZone)} to ${when(a.closedAt!, timeZone)}`}
        </span>
        {mine ? <span className={badge.blue}>{mine}</span> : null}
      </div>
      <p>{a.message}</p>
      <dl className={s.numbers}>
        {alertNumberLines(a, timeZone).map((line) => (
          <div key={line.key}>
            <dt className={s.numberTerm}>{line.label}:</dt>{' '}
            <dd className={s.numberValue}>{line.text}</dd>
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
