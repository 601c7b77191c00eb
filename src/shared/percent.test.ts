import { describe, expect, it } from 'vitest';
import {
  achievementColor,
  capPercent,
  gaugeColor,
  percentOf,
  percentText,
  percentTextOneDecimal,
  roundPercent,
} from './percent';

describe('percentages and the gauge', () => {
  it('caps progress bars and the gauge ring at 100 and never below 0', () => {
    expect(capPercent(100)).toBe(100);
    expect(capPercent(100.4)).toBe(100);
    expect(capPercent(250)).toBe(100);
    expect(capPercent(99)).toBe(99);
    expect(capPercent(0)).toBe(0);
    expect(capPercent(-5)).toBe(0);
    expect(capPercent(Number.NaN)).toBe(0);
  });

  it('rounds a share to a whole percent and gives 0 when there is no whole', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 8)).toBe(13); // 12.5 rounds up
    expect(percentOf(3, 2)).toBe(150); // not capped here: the bar caps, the number is honest
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('colours the gauge red at 99 or above, green from 70, amber below 70', () => {
    expect(gaugeColor(0)).toBe('amber');
    expect(gaugeColor(69)).toBe('amber');
    expect(gaugeColor(69.9)).toBe('amber');
    expect(gaugeColor(70)).toBe('green');
    expect(gaugeColor(98)).toBe('green');
    expect(gaugeColor(98.9)).toBe('green');
    expect(gaugeColor(99)).toBe('red');
    expect(gaugeColor(100)).toBe('red');
    expect(gaugeColor(140)).toBe('red');
  });
});

describe("a retainer's achievement ring", () => {
  it('is green for a target met, red only once the target is passed', () => {
    expect(achievementColor(100)).toBe('green');
    expect(achievementColor(99)).toBe('green');
    expect(achievementColor(101)).toBe('red');
    expect(achievementColor(150)).toBe('red');
    expect(achievementColor(70)).toBe('green');
    expect(achievementColor(69)).toBe('amber');
    expect(achievementColor(0)).toBe('amber');
  });
});

describe('percentages to one decimal', () => {
  it('round half away from zero, as money does', () => {
    expect(roundPercent(29.99)).toBe(30);
    expect(roundPercent(12.25)).toBe(12.3);
    expect(roundPercent(-12.25)).toBe(-12.3);
    expect(roundPercent(-0.04)).toBe(0);
  });
  it('print one decimal at most in a sentence, always one in a column', () => {
    expect(percentText(86.04)).toBe('86%');
    expect(percentText(12.25)).toBe('12.3%');
    expect(percentTextOneDecimal(30)).toBe('30.0%');
    expect(percentTextOneDecimal(-4.25)).toBe('-4.3%');
  });
});
