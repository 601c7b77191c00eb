import { describe, expect, it } from 'vitest';
import { type Freshness, freshnessView, isStale, relativeAge, staleAfterMs } from './freshness';

const NOW = new Date('2026-11-23T10:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;

describe('relativeAge', () => {
  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [-5_000, 'just now'],
    [MIN, '1 min ago'],
    [4 * MIN + 59_000, '4 min ago'],
    [59 * MIN, '59 min ago'],
    [60 * MIN, '1 h ago'],
    [47 * 60 * MIN, '47 h ago'],
    [48 * 60 * MIN, '2 days ago'],
  ])('%i ms reads %s', (ms, text) => {
    expect(relativeAge(new Date(NOW.getTime() - ms), NOW)).toBe(text);
  });
});

describe('staleness', () => {
  it('allows two intervals (one late run) on top of the data’s own maximum age', () => {
    expect(staleAfterMs(5 * MIN)).toBe(10 * MIN);
    expect(staleAfterMs(5 * MIN, 60 * MIN)).toBe(70 * MIN);
    expect(isStale(new Date(ago(10 * MIN)), NOW, 10 * MIN)).toBe(false);
    expect(isStale(new Date(ago(10 * MIN + 1)), NOW, 10 * MIN)).toBe(true);
    expect(isStale(null, NOW, 10 * MIN)).toBe(true);
  });
});

describe('freshnessView', () => {
  const base: Freshness = {
    sources: [
      { service: 'Jira', at: ago(12 * MIN), staleAfterMs: 70 * MIN },
      { service: 'Forecast', at: ago(3 * MIN), staleAfterMs: 10 * MIN },
    ],
    running: false,
    lastRun: { outcome: 'succeeded', finishedAt: ago(3 * MIN), failure: null },
    now: NOW.toISOString(),
    timeZone: 'UTC',
  };

  it('gives the age of the oldest source, and every exact time in the detail', () => {
    const view = freshnessView(base);
    expect(view.text).toBe('Synced 12 min ago');
    expect(view.detail).toBe('Jira: 23 Nov 2026, 09:48 UTC · Forecast: 23 Nov 2026, 09:57 UTC');
    expect(view.warning).toBeNull();
  });

  it('says it is syncing while a source has never been synced and a run works', () => {
    const view = freshnessView({
      ...base,
      sources: [{ service: 'Forecast', at: null, staleAfterMs: 10 * MIN }],
      running: true,
      lastRun: null,
    });
    expect(view.text).toBe('Syncing data from Forecast…');
    expect(view.syncing).toBe(true);
    expect(view.warning).toBeNull();
  });

  it('says not synced yet when nothing has run', () => {
    const view = freshnessView({
      ...base,
      sources: [{ service: 'Jira', at: null, staleAfterMs: 1 }],
      running: false,
      lastRun: null,
    });
    expect(view.text).toBe('Not synced yet');
  });

  it('warns when a source is older than it may be', () => {
    const view = freshnessView({
      ...base,
      sources: [{ service: 'Forecast', at: ago(25 * MIN), staleAfterMs: 10 * MIN }],
    });
    expect(view.warning).toBe(
      'Data from Forecast may be out of date: the last sync was 25 min ago.',
    );
  });

  it('warns when the last run failed, with the reason when the reader may see it', () => {
    const failed = {
      ...base,
      sources: [{ service: 'Forecast' as const, at: ago(25 * MIN), staleAfterMs: 10 * MIN }],
      lastRun: {
        outcome: 'failed' as const,
        finishedAt: ago(MIN),
        failure: 'Forecast time data: Forecast: the credentials were refused; check the API token',
      },
    };
    expect(freshnessView(failed).warning).toBe(
      'The last sync failed: Forecast time data: Forecast: the credentials were refused; check the API token. Data from Forecast may be out of date.',
    );
    expect(
      freshnessView({ ...failed, lastRun: { ...failed.lastRun, failure: null } }).warning,
    ).toBe('The last sync failed. Data from Forecast may be out of date.');
  });
});
