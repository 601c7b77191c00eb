/** Small statistics for the bench: it measures and prints, it never asserts. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    min: sorted[0] ?? NaN,
    n: sorted.length,
  };
}

/** Runs fn `warmup` times unmeasured, then `runs` times measured (ms). */
export async function timeIt(fn: () => Promise<unknown>, { warmup = 20, runs = 200 } = {}) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return summarise(samples);
}

export const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)} ms` : 'n/a');
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export interface BenchRow {
  section: string;
  what: string;
  value: string;
  /** The target it is read against, when the issues give one. */
  target?: string;
  raw?: unknown;
}

export function printTable(rows: BenchRow[]): void {
  const widths = [
    Math.max(...rows.map((r) => r.section.length), 7),
    Math.max(...rows.map((r) => r.what.length), 4),
    Math.max(...rows.map((r) => r.value.length), 5),
  ];
  const line = (a: string, b: string, c: string, d: string) =>
    `${a.padEnd(widths[0]!)}  ${b.padEnd(widths[1]!)}  ${c.padStart(widths[2]!)}  ${d}`;
  console.log(line('section', 'what', 'value', 'target'));
  console.log('-'.repeat(widths[0]! + widths[1]! + widths[2]! + 14));
  for (const r of rows) console.log(line(r.section, r.what, r.value, r.target ?? ''));
}
