import { describe, expect, it } from 'vitest';
import {
  type Freshness,
  freshnessView,
  isStale,
  refreshDue,
  relativeAge,
  staleAfterMs,
  syncedSince,
} from './freshness';

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
      { service: 'Jira', at: ago(12 * MIN), refreshMs: 60 * MIN, staleAfterMs: 70 * MIN },
      {
        service: 'Forecast billing',
        at: ago(40 * MIN),
        refreshMs: 60 * MIN,
        staleAfterMs: 70 * MIN,
      },
      { service: 'Forecast time', at: ago(3 * MIN), refreshMs: 5 * MIN, staleAfterMs: 10 * MIN },
    ],
    running: false,
    lastRun: { outcome: 'succeeded', finishedAt: ago(3 * MIN), failure: null },
    now: NOW.toISOString(),
    timeZone: 'UTC',
  };

  it("gives the age of each source, and each one's exact time and refresh interval", () => {
    const view = freshnessView(base);
    expect(view.text).toBe(
      'Synced: Jira 12 min ago · Forecast billing 40 min ago · Forecast time 3 min ago',
    );
    expect(view.detail).toBe(
      'Jira: 23 Nov 2026, 09:48 UTC, refreshed hourly · Forecast billing: 23 Nov 2026, 09:20 UTC, refreshed hourly · Forecast time: 23 Nov 2026, 09:57 UTC, refreshed every 5 minutes',
    );
    // Each source is named once: Forecast's two copies are told apart.
    expect(view.detail.match(/Forecast:/g)).toBeNull();
    expect(view.warning).toBeNull();
  });

  it('reads one age when the page shows one source', () => {
    const view = freshnessView({ ...base, sources: [base.sources[2]!] });
    expect(view.text).toBe('Synced 3 min ago');
  });

  it('says it is syncing while a source has never been synced and a run works', () => {
    const view = freshnessView({
      ...base,
      sources: [{ service: 'Forecast time', at: null, refreshMs: 5 * MIN, staleAfterMs: 10 * MIN }],
      running: true,
      lastRun: null,
    });
    expect(view.text).toBe('Syncing data from Forecast time…');
    expect(view.syncing).toBe(true);
    expect(view.warning).toBeNull();
  });

  it('says not synced yet when nothing has run', () => {
    const view = freshnessView({
      ...base,
      sources: [{ service: 'Jira', at: null, refreshMs: 60 * MIN, staleAfterMs: 1 }],
      running: false,
      lastRun: null,
    });
    expect(view.text).toBe('Not synced yet');
  });

  it('warns when a source is older than it may be', () => {
    const view = freshnessView({
      ...base,
      sources: [
        { service: 'Forecast time', at: ago(25 * MIN), refreshMs: 5 * MIN, staleAfterMs: 10 * MIN },
      ],
    });
    expect(view.warning).toBe(
      'Data from Forecast time may be out of date: the last sync was 25 min ago.',
    );
  });

  it('warns when the last run failed, with the reason when the reader may see it', () => {
    const failed = {
      ...base,
      sources: [
        {
          service: 'Forecast time' as const,
          at: ago(25 * MIN),
          refreshMs: 5 * MIN,
          staleAfterMs: 10 * MIN,
        },
      ],
      lastRun: {
        outcome: 'failed' as const,
        finishedAt: ago(MIN),
        failure: 'Forecast time data: Forecast: the credentials were refused; check the API token',
      },
    };
    expect(freshnessView(failed).warning).toBe(
      'The last sync failed: Forecast time data: Forecast: the credentials were refused; check the API token. Data from Forecast time may be out of date.',
    );
    expect(
      freshnessView({ ...failed, lastRun: { ...failed.lastRun, failure: null } }).warning,
    ).toBe('The last sync failed. Data from Forecast time may be out of date.');
  });
});

describe('when the line reads its ages again', () => {
  const at = (jira: string | null, time: string | null): Freshness => ({
    sources: [
      { service: 'Jira', at: jira, refreshMs: 60 * MIN, staleAfterMs: 70 * MIN },
      { service: 'Forecast time', at: time, refreshMs: 5 * MIN, staleAfterMs: 10 * MIN },
    ],
    running: false,
    lastRun: null,
    now: NOW.toISOString(),
    timeZone: 'UTC',
  });

  it('finds new data when any source came in again or for the first time', () => {
    expect(syncedSince(at(ago(12 * MIN), ago(3 * MIN)), at(ago(12 * MIN), ago(3 * MIN)))).toBe(
      false,
    );
    expect(syncedSince(at(ago(12 * MIN), ago(3 * MIN)), at(ago(12 * MIN), ago(0)))).toBe(true);
    expect(syncedSince(at(null, ago(3 * MIN)), at(ago(1 * MIN), ago(3 * MIN)))).toBe(true);
    expect(syncedSince(at(null, null), at(null, null))).toBe(false);
  });

  it('asks once a source is older than the interval the line states, not before', () => {
    expect(refreshDue(at(ago(12 * MIN), ago(5 * MIN)), NOW)).toBe(false);
    expect(refreshDue(at(ago(12 * MIN), ago(5 * MIN + 1)), NOW)).toBe(true);
    expect(refreshDue(at(ago(61 * MIN), ago(1 * MIN)), NOW)).toBe(true);
    expect(refreshDue(at(null, ago(1 * MIN)), NOW)).toBe(true);
  });
});
