import type { SessionUser } from '../../auth/session';
import { DownloadCsv } from '../../components/DownloadCsv';
import {
  badge,
  button,
  card,
  h1,
  input,
  label,
  muted,
  page,
  pageHeader,
  table,
} from '../../components/ui.css';
import { listAuditActors } from '../../db/audit';
import type { Db } from '../../db/port';
import {
  AUDIT_KINDS,
  AUDIT_KIND_NAMES,
  type AuditEntryJson,
  auditChanges,
} from '../../shared/audit';
import { AUDIT_PAGE_SIZE, type AuditFilterInput, loadAuditEntriesPage } from '../../services/audit';
import { AuditFilterSchema } from '../schemas';
import { Layout } from './Layout';
import * as s from './AuditPage.css';

export interface AuditPageData {
  filter: AuditFilterInput;
  /** Why the filters in the address were not used (the page then shows every entry). */
  refused: string | null;
  /** null when the log could not be read. */
  entries: AuditEntryJson[] | null;
  actors: string[];
  /** The page shown (from 1), and whether older entries follow it. */
  page: number;
  hasOlder: boolean;
}

/** Reads the page's filters from its address; bad ones fall back to no filter, and say why. */
export async function loadAuditPage(
  deps: { db: Db; config: { AGENCY_TIMEZONE: string } },
  query: Record<string, string>,
): Promise<AuditPageData> {
  const given = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));
  const parsed = AuditFilterSchema.safeParse(given);
  const filter = parsed.success ? parsed.data : {};
  const refused = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Bad filter');
  try {
    const [{ entries, page, hasOlder }, actors] = await Promise.all([
      loadAuditEntriesPage(deps, filter),
      listAuditActors(deps.db),
    ]);
    return { filter, refused, entries, actors, page, hasOlder };
  } catch (error) {
    console.error('Could not read the audit log:', error);
    return { filter, refused, entries: null, actors: [], page: 1, hasOlder: false };
  }
}

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** Before and after as the fields that changed: 'teamName: Team 1 → Team 3', added, removed. */
function Difference({ entry }: { entry: AuditEntryJson }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className={muted}>—</span>;
  return (
    <ul className={s.changes}>
      {changes.map((c, i) => (
        // Lines have no id of their own and never reorder: the page is rendered once.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={i}>
          <span className={s.field}>{c.field}:</span>{' '}
          {c.kind === 'changed' ? (
            `${c.from} → ${c.to}`
          ) : (
            <>
              {c.value}{' '}
              <span className={c.kind === 'added' ? badge.green : badge.red}>{c.kind}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * `/agency/audit` (admin): every change to shared data, newest first, with filters by person,
 * kind and dates, and the same selection as CSV (docs/decisions/166-audit-log.md). A plain GET
 * form: it works before any script and from the keyboard.
 */
export function AuditPage({ user, data }: { user: SessionUser; data: AuditPageData }) {
  const { filter, entries } = data;
  const query = new URLSearchParams(
    Object.entries(filter).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
    ),
  ).toString();
  const { page: pageNumber, hasOlder } = data;
  const pageHref = (n: number) => {
    const params = new URLSearchParams(query);
    if (n > 1) params.set('page', String(n));
    return params.size ? `/agency/audit?${params}` : '/agency/audit';
  };
  const first = (pageNumber - 1) * AUDIT_PAGE_SIZE + 1;
  return (
    <Layout user={user} active="audit">
      <div className={page}>
        <div className={pageHeader}>
          <div>
            <h1 className={h1}>Audit log</h1>
            <p className={muted}>
              Every change to shared data: who made it, when, and what it changed from and to.
            </p>
          </div>
          <DownloadCsv href={`/api/admin/audit/csv${query ? `?${query}` : ''}`} />
        </div>
        <div className={card}>
          <form className={s.filters} method="get" action="/agency/audit" aria-label="Filters">
            <label className={s.filter}>
              <span className={label}>Person</span>
              <select className={input} name="person" defaultValue={filter.person ?? ''}>
                <option value="">Everyone</option>
                {data.actors.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </label>
            <label className={s.filter}>
              <span className={label}>Kind</span>
              <select className={input} name="kind" defaultValue={filter.kind ?? ''}>
                <option value="">Every kind</option>
                {AUDIT_KIND_NAMES.map((k) => (
                  <option key={k} value={k}>
                    {AUDIT_KINDS[k]}
                  </option>
                ))}
              </select>
            </label>
            <label className={s.filter}>
              <span className={label}>From</span>
              <input className={input} type="date" name="from" defaultValue={filter.from ?? ''} />
            </label>
            <label className={s.filter}>
              <span className={label}>To</span>
              <input className={input} type="date" name="to" defaultValue={filter.to ?? ''} />
            </label>
            <button type="submit" className={button.primary}>
              Apply filters
            </button>
            <a className={button.secondary} href="/agency/audit">
              Clear
            </a>
          </form>
          {data.refused ? (
            <p className={s.alert} role="alert">
              {`The filters were not applied: ${data.refused}. Showing every change.`}
            </p>
          ) : null}
          {entries === null ? (
            <p className={s.alert} role="alert">
              The audit log could not be read. Please try again later.
            </p>
          ) : entries.length === 0 ? (
            <p className={muted} data-testid="audit-empty">
              No changes match these filters.
            </p>
          ) : (
            <div className={s.scroller}>
              <table className={table} data-testid="audit-table">
                <caption className={muted}>
                  {pageNumber === 1 && !hasOlder
                    ? `${entries.length} change${entries.length === 1 ? '' : 's'}, newest first.`
                    : `Changes ${first} to ${first + entries.length - 1}, newest first.`}
                </caption>
                <thead>
                  <tr>
                    {['When', 'Who', 'Kind', 'What', 'Change', 'Before → after'].map((h) => (
                      <th key={h} scope="col" className={s.cell}>
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <tr key={e.id} data-testid="audit-entry">
                      <td className={s.cell}>{when(e.at)}</td>
                      <td className={s.cell}>{e.actorEmail}</td>
                      <td className={s.cell}>{e.kindLabel}</td>
                      <td className={s.cell}>{e.target}</td>
                      <td className={s.cell}>{e.summary}</td>
                      <td className={`${s.cell} ${s.values}`}>
                        <Difference entry={e} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {pageNumber > 1 || hasOlder ? (
                <nav aria-label="Audit log pages" className={s.pager}>
                  {pageNumber > 1 ? <a href={pageHref(pageNumber - 1)}>Newer changes</a> : null}
                  {hasOlder ? <a href={pageHref(pageNumber + 1)}>Older changes</a> : null}
                </nav>
              ) : null}
            </div>
          )}
        </div>
      </div>
    </Layout>
  );
}
