import type { RoomData, RoomEpic, RoomPeriod } from '../../../services/room';
import { formatMoney } from '../../../shared/currency';
import { formatDate, hoursBilled } from '../../../shared/format';
import { exactTime } from '../../../shared/freshness';
import { percentText } from '../../../shared/percent';
import * as s from './RoomPage.css';

/**
 * A client's retainer room (docs/decisions/430-client-retainer-room.md): this period's billing,
 * its forecast and the work delivered, for someone outside the agency. It prints nothing the
 * loader did not pick for a client; no script, no links back into the dashboard.
 */
export function RoomPage({ data }: { data: RoomData }) {
  const { range } = data;
  const rangeText = `${formatDate(range.from)} – ${formatDate(range.to)}`;
  return (
    <main className={s.room}>
      <p className={s.agency}>{data.agencyName}</p>
      <h1 className={s.title}>{data.projectName}</h1>
      <p className={s.muted} data-testid="room-range">
        {range.periodNumber !== null
          ? `Retainer period ${range.periodNumber}: ${rangeText}`
          : rangeText}
      </p>

      {data.retainer ? <Retainer data={data} /> : null}

      <section className={s.section} aria-labelledby="room-work">
        <h2 className={s.h2} id="room-work">
          Work delivered
        </h2>
        {data.epics === null ? (
          <p className={s.muted}>This project’s work is not tracked in Jira.</p>
        ) : data.epics.length === 0 ? (
          <p className={s.muted}>No tickets were done in this period yet.</p>
        ) : (
          data.epics.map((epic) => <Epic key={epic.key ?? '-'} epic={epic} />)
        )}
      </section>

      <p className={s.footer} data-testid="room-synced">
        {`Figures last synced: ${syncedText('Jira', data.lastJiraSync, data.timeZone)}; ${syncedText('billing', data.lastBillingSync, data.timeZone)}.`}
      </p>
    </main>
  );
}

function syncedText(source: string, at: string | null, timeZone: string): string {
  return `${source} ${at ? exactTime(new Date(at), timeZone) : 'not synced yet'}`;
}

function Retainer({ data }: { data: RoomData }) {
  const { currency, outcome } = data;
  return (
    <section className={s.section} aria-labelledby="room-retainer">
      <h2 className={s.h2} id="room-retainer">
        Retainer
      </h2>
      {data.periods.length === 0 ? (
        <p className={s.muted}>No retainer period falls in these dates.</p>
      ) : (
        data.periods.map((p) => <Period key={p.number} period={p} currency={currency} />)
      )}
      {outcome ? (
        <div data-testid="room-outcome">
          <h3 className={s.h3}>{`Period ${outcome.periodNumber}: where it is heading`}</h3>
          <p>
            {`Between ${formatMoney(outcome.p10, currency)} and ${formatMoney(outcome.p90, currency)} billed by the period’s end, most likely about ${formatMoney(outcome.p50, currency)}, against a target of ${formatMoney(outcome.target, currency)}.`}
          </p>
          <p className={s.muted}>
            {`Forecast range (P10–P90): in 8 of 10 simulated outcomes the period ends between these amounts; ${outcome.basis}.`}
          </p>
        </div>
      ) : null}
    </section>
  );
}

function Period({ period, currency }: { period: RoomPeriod; currency: string }) {
  return (
    <div data-testid="room-period">
      <h3 className={s.h3}>
        {`Period ${period.number}: ${formatDate(period.from)} – ${formatDate(period.to)}${period.status === 'COMPLETED' ? ' (completed)' : ''}`}
      </h3>
      <dl className={s.figures}>
        <div className={s.figure}>
          <dt>Target</dt>
          <dd>{formatMoney(period.target, currency)}</dd>
        </div>
        <div className={s.figure}>
          <dt>Billed</dt>
          <dd>{formatMoney(period.billed, currency)}</dd>
        </div>
        <div className={s.figure}>
          <dt>Hours billed</dt>
          <dd>{hoursBilled(period.billableMinutes)}</dd>
        </div>
      </dl>
    </div>
  );
}

function Epic({ epic }: { epic: RoomEpic }) {
  return (
    <div data-testid="room-epic">
      <h3 className={s.h3}>{epic.key ? `${epic.key} ${epic.name}` : epic.name}</h3>
      {epic.key ? (
        <>
          <p className={s.muted}>
            {`${epic.ticketsDone} of ${epic.tickets} tickets done (${percentText(epic.percent)})`}
          </p>
          {/* A native bar: the room's CSP allows no style attribute. */}
          <progress
            className={s.bar}
            value={epic.percent}
            max={100}
            aria-label={`${epic.key} progress`}
          />
        </>
      ) : null}
      <div className={s.scroll}>
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Summary</th>
              <th scope="col">Status</th>
              <th scope="col">Done</th>
            </tr>
          </thead>
          <tbody>
            {epic.work.map((w) => (
              <tr key={w.key}>
                <td className={s.nowrap}>{w.key}</td>
                <td>{w.summary}</td>
                <td>{w.status}</td>
                <td className={s.nowrap}>{formatDate(w.doneOn)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The one page for a link that is unknown, revoked or expired: it says nothing about which. */
export function RoomNotFound() {
  return (
    <main className={s.room}>
      <h1 className={s.title}>404 Page Not Found</h1>
      <p>This link does not open a page. Ask the person who sent it for a new one.</p>
    </main>
  );
}

/** Too many opens from one address in a short time. */
export function RoomBusy({ seconds }: { seconds: number }) {
  return (
    <main className={s.room}>
      <h1 className={s.title}>Too many requests</h1>
      <p>{`This page was opened too often from your network. Try again in ${seconds} seconds.`}</p>
    </main>
  );
}
