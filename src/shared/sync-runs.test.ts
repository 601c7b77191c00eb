import { describe, expect, it } from 'vitest';
import { durationText, moreSkippedText, progressText, skippedText } from './sync-runs';

describe('progressText', () => {
  it('names the subject, the pages read and the step', () => {
    expect(
      progressText({
        progress: { subject: 'Jira, Acme Website', pagesRead: 3, unitsDone: 1, unitsTotal: 7 },
      }),
    ).toBe('Jira, Acme Website: 3 pages read (step 2 of 7)');
  });
  it('says planning before the first unit, and never passes the last step', () => {
    expect(progressText({ progress: {} })).toBe('Planning');
    expect(
      progressText({ progress: { subject: 'Forecast time data', unitsDone: 7, unitsTotal: 7 } }),
    ).toBe('Forecast time data (step 7 of 7)');
  });
});

describe('durationText', () => {
  it('gives tenths of a second under 10 s and whole seconds after', () => {
    expect(durationText(2_440)).toBe('2.4 s');
    expect(durationText(9_940)).toBe('9.9 s');
    expect(durationText(42_500)).toBe('43 s');
    expect(durationText(null)).toBe('—');
  });
});

describe('skippedText and moreSkippedText', () => {
  it('count the skipped records, and say how many the kept reasons leave unnamed', () => {
    expect(skippedText({ progress: {} })).toBeNull();
    expect(skippedText({ progress: { skipped: 1, skippedReasons: ['Jira issue A-1: …'] } })).toBe(
      '1 record skipped',
    );
    expect(
      moreSkippedText({ progress: { skipped: 1, skippedReasons: ['Jira issue A-1: …'] } }),
    ).toBeNull();
    const reasons = Array.from({ length: 50 }, (_, i) => `Pipedrive deal ${i}: currency: …`);
    expect(skippedText({ progress: { skipped: 62, skippedReasons: reasons } })).toBe(
      '62 records skipped',
    );
    expect(moreSkippedText({ progress: { skipped: 62, skippedReasons: reasons } })).toBe(
      'and 12 more',
    );
  });
});
