import { describe, expect, it } from 'vitest';
import { STALE_YELLOW } from '../../styles/theme.css';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Hue in degrees of a #rrggbb colour. */
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r!, g!, b!);
  const min = Math.min(r!, g!, b!);
  const d = max - min;
  const h = max === r ? ((g! - b!) / d) % 6 : max === g ? (b! - r!) / d + 2 : (r! - g!) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('the stale outline colour', () => {
  it('stands out from the white card at 3:1 or more (WCAG non-text contrast)', () => {
    expect(contrast(STALE_YELLOW, '#ffffff')).toBeGreaterThanOrEqual(3);
  });

  it('is a yellow, not an orange or a brown: hue between 42 and 60 degrees', () => {
    expect(hue(STALE_YELLOW)).toBeGreaterThanOrEqual(42);
    expect(hue(STALE_YELLOW)).toBeLessThanOrEqual(60);
  });
});
