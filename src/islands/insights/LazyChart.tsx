import { lazy, Suspense, useEffect, useState } from 'react';
import * as s from '../../components/insights/insights.css';
import type { WeeklyLineChartProps } from './WeeklyLineChart';

// visx comes with the chart's own chunk, fetched once the page is interactive: the first paint
// (the table, the figures) never waits for it.
const WeeklyLineChart = lazy(() => import('./WeeklyLineChart'));

/** The chart once the browser has it; the same placeholder on the server and before that. */
export function LazyChart(props: WeeklyLineChartProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const placeholder = (
    <div className={s.chartPlaceholder} aria-hidden="true">
      Loading chart…
    </div>
  );
  return (
    <div className={s.chartBox}>
      {mounted ? (
        <Suspense fallback={placeholder}>
          <WeeklyLineChart {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
