import { describe, expect, it } from 'vitest';
import { progressText } from './sync-runs';

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
