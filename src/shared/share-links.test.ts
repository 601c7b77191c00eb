import { describe, expect, it } from 'vitest';
import { monthOf, roomRange, shareLinkState, SHARE_TOKEN_PATTERN } from './share-links';

const period = (n: number, start: string, end: string, status = 'COMPLETED') => ({
  period_number: n,
  start_date: start,
  end_date: end,
  status,
});
/** Monthly periods: March, April (running), May (ahead). */
const periods = [
  period(1, '2026-03-01', '2026-03-31'),
  period(2, '2026-04-01', '2026-04-30', 'ACTIVE'),
  period(3, '2026-05-01', '2026-05-31', 'DRAFT'),
];
const rolling = { rolling: true, from: null, to: null };

describe('the range a room shows', () => {
  it('is a fixed link’s own range, whatever the periods', () => {
    expect(
      roomRange({ rolling: false, from: '2026-03-10', to: '2026-04-09' }, periods, '2026-05-20'),
    ).toEqual({
      from: '2026-03-10',
      to: '2026-04-09',
      periodNumber: null,
    });
  });

  it('rolls to the new period on its first day, and not a day before', () => {
    expect(roomRange(rolling, periods, '2026-04-30')).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
      periodNumber: 2,
    });
    expect(roomRange(rolling, periods, '2026-05-01')).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
      periodNumber: 3,
    });
  });

  it('between periods keeps the last one that started; a cancelled one never counts', () => {
    expect(roomRange(rolling, [periods[0]!], '2026-04-12').periodNumber).toBe(1);
    const cancelled = [periods[0]!, period(2, '2026-04-01', '2026-04-30', 'CANCELLED')];
    expect(roomRange(rolling, cancelled, '2026-04-12').periodNumber).toBe(1);
  });

  it('without a retainer (or before its first period) is the calendar month', () => {
    expect(roomRange(rolling, [], '2026-02-14')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      periodNumber: null,
    });
    expect(roomRange(rolling, periods, '2026-02-28').periodNumber).toBeNull();
    expect(monthOf('2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('a link’s state', () => {
  it('opens through its expiry day, never once revoked', () => {
    expect(shareLinkState({ revokedAt: null, expiresOn: '2026-04-30' }, '2026-04-30')).toBe(
      'active',
    );
    expect(shareLinkState({ revokedAt: null, expiresOn: '2026-04-30' }, '2026-05-01')).toBe(
      'expired',
    );
    expect(shareLinkState({ revokedAt: new Date(), expiresOn: '2026-05-30' }, '2026-04-01')).toBe(
      'revoked',
    );
  });

  it('takes tokens of 22 base64url characters only', () => {
    expect(SHARE_TOKEN_PATTERN.test('AbCdEfGhIjKlMnOpQrSt_-')).toBe(true);
    expect(SHARE_TOKEN_PATTERN.test('AbCdEfGhIjKlMnOpQrSt_')).toBe(false);
    expect(SHARE_TOKEN_PATTERN.test('AbCdEfGhIjKlMnOpQrSt_=')).toBe(false);
  });
});
