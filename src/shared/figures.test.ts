import { describe, expect, it } from 'vitest';
import {
  csvHeader,
  FIGURES,
  formatStoryPoints,
  moneyLine,
  NO_ESTIMATE,
  weekPhase,
} from './figures';

describe('the glossary of figures', () => {
  it('names each figure once: no two figures share a label', () => {
    const labels = Object.values(FIGURES).map((f) => f.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('gives every money figure the source of its currency, and no other figure one', () => {
    for (const [key, f] of Object.entries(FIGURES)) {
      const hasCurrency = 'currency' in f;
      expect(hasCurrency, key).toBe(f.unit === 'money');
    }
  });

  it('has a one-line definition and a rounding for every figure', () => {
    for (const [key, f] of Object.entries(FIGURES)) {
      expect(f.definition.length, key).toBeGreaterThan(10);
      expect(f.definition, key).not.toContain('\n');
      expect(f.rounding.length, key).toBeGreaterThan(0);
    }
  });

  it("keeps the spec's labels as written", () => {
    expect(FIGURES.invoicesThisWeek.label).toBe('Invoices This Week');
    expect(FIGURES.totalHours.label).toBe('Total Hours');
    expect(FIGURES.marginPercent.label).toBe('Margin %');
    expect(FIGURES.liveMarginPercent.label).toBe('Live Margin %');
    expect(FIGURES.epicProgress.label).toBe('Epic Progress');
  });

  it('keeps Story Points and Points Done apart, each saying why it differs from the other', () => {
    // Weekly History's 174 and Cost per Point's 78 in one week: Ready for QA on every linked
    // project against done on projects linked to Forecast too (docs/figures.md).
    expect(FIGURES.storyPoints.label).not.toBe(FIGURES.pointsDone.label);
    expect(FIGURES.storyPoints.definition).toContain('Ready for QA');
    expect(FIGURES.storyPoints.definition).toContain(FIGURES.pointsDone.label);
    expect(FIGURES.pointsDone.definition).toContain('done');
    expect(FIGURES.pointsDone.definition).toContain(FIGURES.storyPoints.label);
    expect(FIGURES.costPerPoint.definition).toContain(FIGURES.pointsDone.label);
  });

  it('says the Billing and Invoices Created labels are the Invoiced figure', () => {
    expect(FIGURES.invoiced.definition).toContain('Billing');
    expect(FIGURES.invoiced.definition).toContain('Invoices Created');
  });
});

describe('formats from the glossary', () => {
  it('puts the currency code in a money CSV header and refuses one without it', () => {
    expect(csvHeader('internalCost', 'USD')).toBe('Internal Cost (USD)');
    expect(csvHeader('invoiced', 'EUR')).toBe('Invoiced (EUR)');
    expect(csvHeader('marginPercent')).toBe('Margin %');
    expect(() => csvHeader('grossMargin')).toThrow(/currency/);
  });

  it('prints a money line with its own currency', () => {
    expect(moneyLine('internalCost', 38459.2, 'USD')).toBe('Internal Cost: $38,459');
    expect(moneyLine('invoiced', 100, 'AUD')).toBe('Invoiced: A$100');
  });

  it("says 'no estimate' for a ticket without points, never '0 pts'", () => {
    expect(formatStoryPoints(null)).toBe(NO_ESTIMATE);
    expect(formatStoryPoints(undefined)).toBe('no estimate');
    expect(formatStoryPoints(0)).toBe('0 pts');
    expect(formatStoryPoints(1)).toBe('1 pt');
    expect(formatStoryPoints(5)).toBe('5 pts');
  });
});

describe('docs/figures.md', () => {
  it('lists every figure of the code, by its label and its name in code', async () => {
    const { readFile } = await import('node:fs/promises');
    const doc = await readFile(new URL('../../docs/figures.md', import.meta.url), 'utf8');
    for (const [key, f] of Object.entries(FIGURES))
      expect(doc).toContain(`| ${f.label} | \`${key}\` |`);
  });
});

describe('weekPhase', () => {
  it('tells a finished week from the running one and one not started', () => {
    expect(weekPhase('2026-11-16', '2026-11-23')).toBe('past');
    expect(weekPhase('2026-11-23', '2026-11-23')).toBe('current');
    expect(weekPhase('2026-11-30', '2026-11-23')).toBe('future');
    expect(weekPhase('2025-12-29', '2026-01-05')).toBe('past');
  });
});
