import * as s from './charts.css';

/** One figure under a chart: a label, the value and an optional line beneath. */
export function ChartStat({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    <div className={s.stat}>
      <span className={s.statLabel}>{label}</span>
      <span className={s.statValue}>{value}</span>
      {sub ? <span className={s.statSub}>{sub}</span> : null}
    </div>
  );
}
