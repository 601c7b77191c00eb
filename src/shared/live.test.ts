import { describe, expect, it } from 'vitest';
import { formatLag, topicHeardBy, updatedText } from './live';

describe('topicHeardBy', () => {
  it.each([
    ['user', 'jira', true],
    ['user', 'time', true],
    ['user', 'billing', false],
    ['user', 'deal', false],
    ['staff', 'billing', false],
    ['staff', 'deal', true],
    ['admin', 'billing', true],
    ['admin', 'deal', true],
  ] as const)('a %s hears of a %s change: %s', (role, topic, heard) => {
    expect(topicHeardBy(role, topic)).toBe(heard);
  });
});

describe('formatLag', () => {
  it.each([
    [0, '0.0 s'],
    [420, '0.4 s'],
    [9_949, '9.9 s'],
    [9_999, '10.0 s'],
    [12_400, '12 s'],
    [119_000, '119 s'],
    [180_000, '3 min'],
  ])('%i ms reads "%s"', (ms, text) => {
    expect(formatLag(ms)).toBe(text);
  });
});

describe('updatedText', () => {
  const at = new Date('2026-11-30T09:00:00Z');
  it.each([
    [0, 'Updated just now'],
    [59_999, 'Updated just now'],
    [-5_000, 'Updated just now'],
    [60_000, 'Updated 1 min ago'],
    [45 * 60_000 + 10, 'Updated 45 min ago'],
    [2 * 3_600_000, 'Updated 2 h ago'],
  ])('%i ms later reads "%s"', (ms, text) => {
    expect(updatedText(at, new Date(at.getTime() + ms))).toBe(text);
  });
});
