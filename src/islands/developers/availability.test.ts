import { describe, expect, it } from 'vitest';
import {
  addableUsers,
  addMember,
  availableDays,
  cellState,
  startsAfterWeek,
  gridRows,
  hasEdits,
  isAway,
  NO_EDITS,
  removeMember,
  savePayload,
  teamMembers,
  toggleCell,
} from './availability';
import type { AvailabilityResponse } from '../../shared/availability';

const member = (
  accountId: string,
  displayName: string,
  startDate: string | null = null,
  endDate: string | null = null,
) => ({
  accountId,
  displayName,
  startDate,
  endDate,
  addedAt: '2026-11-01',
});

const saved: AvailabilityResponse = {
  developers: {
    'Omar Haddad': { '2026-11-17': true },
    'lena Ortiz': {},
    'Mia Chen': { '2026-11-16': false },
  },
  selectedDevelopersList: ['omar', 'lena', 'mia'],
  developersWithEndDates: [{ accountId: 'mia', endDate: '2026-11-16' }],
  selectedDevelopers: [
    member('omar', 'Omar Haddad'),
    member('lena', 'lena Ortiz', '2026-11-20'),
    member('mia', 'Mia Chen', null, '2026-11-16'),
  ],
  derived: { omar: { '2026-11-19': 'holiday: Founders’ Day', '2026-11-20': 'leave' } },
  derivedWeek: '2026-11-16',
};

describe("which team members a week shows (the spec's states and transitions)", () => {
  it('shows members not gone before the week, sorted by name whatever the case', () => {
    const members = teamMembers(saved, NO_EDITS);
    // Week of 16 November: Lena starts on its Friday and Mia ends on its Monday, so both show.
    expect(gridRows(members, '2026-11-16').map((m) => m.displayName)).toEqual([
      'lena Ortiz',
      'Mia Chen',
      'Omar Haddad',
    ]);
    // The week after: Mia has left.
    expect(gridRows(members, '2026-11-23').map((m) => m.accountId)).toEqual(['lena', 'omar']);
  });

  it('lists one who starts after the week with their start date, every day not employed', () => {
    const members = teamMembers(saved, NO_EDITS);
    const lena = members.find((m) => m.accountId === 'lena')!;
    expect(gridRows(members, '2026-11-09').map((m) => m.accountId)).toEqual([
      'lena',
      'mia',
      'omar',
    ]);
    expect(startsAfterWeek(lena, '2026-11-09')).toBe('2026-11-20');
    expect(startsAfterWeek(lena, '2026-11-16')).toBeNull();
    expect(cellState(saved, NO_EDITS, lena, '2026-11-13')).toEqual({ kind: 'not-employed' });
    expect(availableDays(saved, NO_EDITS, lena, '2026-11-09')).toBe(0);
    // Starting on the Friday: one day in the week.
    expect(availableDays(saved, NO_EDITS, lena, '2026-11-16')).toBe(1);
  });

  it('does not toggle a day outside employment', () => {
    const mia = saved.selectedDevelopers[2]!;
    expect(toggleCell(saved, NO_EDITS, mia, '2026-11-17')).toBe(NO_EDITS);
  });
});

describe('days derived from Forecast', () => {
  const omar = saved.selectedDevelopers[0]!;

  it('shows a derived day as Away with its source, and counts it out of the week', () => {
    expect(cellState(saved, NO_EDITS, omar, '2026-11-19')).toEqual({
      kind: 'day',
      away: true,
      source: 'holiday: Founders’ Day',
      overridden: false,
    });
    // Away on Tuesday (marked), Thursday (holiday) and Friday (leave).
    expect(availableDays(saved, NO_EDITS, omar, '2026-11-16')).toBe(2);
  });

  it('lets a mark by hand override it, and toggling back returns to the derived day', () => {
    const once = toggleCell(saved, NO_EDITS, omar, '2026-11-19');
    expect(cellState(saved, once, omar, '2026-11-19')).toMatchObject({
      away: false,
      overridden: true,
    });
    expect(savePayload(saved, once).developers).toEqual({ 'Omar Haddad': { '2026-11-19': false } });
    expect(availableDays(saved, once, omar, '2026-11-16')).toBe(3);
    expect(hasEdits(toggleCell(saved, once, omar, '2026-11-19'))).toBe(false);
  });
});

describe('local edits until Save Availability', () => {
  const omar = saved.selectedDevelopers[0]!;

  it('toggles a cell between Available and Away, and toggling it back leaves nothing to send', () => {
    expect(isAway(saved, NO_EDITS, omar, '2026-11-17')).toBe(true);
    const once = toggleCell(saved, NO_EDITS, omar, '2026-11-17');
    expect(isAway(saved, once, omar, '2026-11-17')).toBe(false);
    expect(hasEdits(once)).toBe(true);
    const twice = toggleCell(saved, once, omar, '2026-11-17');
    expect(isAway(saved, twice, omar, '2026-11-17')).toBe(true);
    expect(hasEdits(twice)).toBe(false);
    expect(savePayload(saved, twice).developers).toEqual({});
  });

  it('sends only the changed cells, by display name, and removes nobody it does not name', () => {
    const edits = toggleCell(
      saved,
      toggleCell(saved, NO_EDITS, omar, '2026-11-18'),
      omar,
      '2026-11-16',
    );
    expect(savePayload(saved, edits)).toEqual({
      developers: { 'Omar Haddad': { '2026-11-18': true, '2026-11-16': true } },
      selectedDevelopersList: ['lena', 'mia', 'omar'],
    });
  });

  it('adds a Jira user with their name, and removing a member drops their local changes', () => {
    const added = addMember(NO_EDITS, {
      accountId: 'aiko',
      displayName: 'Aiko Tanaka',
      emailAddress: 'aiko@agency.test',
    });
    const aiko = teamMembers(saved, added).find((m) => m.accountId === 'aiko')!;
    expect(aiko.saved).toBe(false);
    const withCell = toggleCell(saved, added, aiko, '2026-11-16');
    expect(savePayload(saved, withCell).developers).toEqual({
      'Aiko Tanaka': { '2026-11-16': true },
    });
    expect(savePayload(saved, added).developers).toEqual({ 'Aiko Tanaka': {} });

    const removed = removeMember(saved, toggleCell(saved, withCell, omar, '2026-11-18'), 'omar');
    const payload = savePayload(saved, removed);
    expect(payload.selectedDevelopersList).toEqual(['aiko', 'lena', 'mia']);
    expect(payload.removeDevelopers).toEqual(['omar']);
    expect(payload.developers).toEqual({ 'Aiko Tanaka': { '2026-11-16': true } });
    expect(removeMember(saved, withCell, 'aiko')).toEqual({ added: [], removed: [], cells: {} });
  });

  it('adding back a member removed locally undoes the removal', () => {
    const removed = removeMember(saved, NO_EDITS, 'lena');
    expect(teamMembers(saved, removed).map((m) => m.accountId)).toEqual(['mia', 'omar']);
    const back = addMember(removed, { accountId: 'lena', displayName: 'lena Ortiz' });
    expect(hasEdits(back)).toBe(false);
  });
});

describe('Add Team Member list', () => {
  const users = [
    { accountId: 'omar', displayName: 'Omar Haddad', emailAddress: 'omar@agency.test' },
    { accountId: 'aiko', displayName: 'Aiko Tanaka', emailAddress: 'aiko.t@agency.test' },
    { accountId: 'sam', displayName: 'Sam Kowalski' },
  ];
  it('offers users not chosen yet, matching the search by name or email in any case', () => {
    const members = teamMembers(saved, NO_EDITS);
    expect(addableUsers(users, members, '').map((u) => u.accountId)).toEqual(['aiko', 'sam']);
    expect(addableUsers(users, members, 'AIKO.T@').map((u) => u.accountId)).toEqual(['aiko']);
    expect(addableUsers(users, members, ' kowal ').map((u) => u.accountId)).toEqual(['sam']);
    expect(addableUsers(users, members, 'omar')).toEqual([]);
  });
});
