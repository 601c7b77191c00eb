import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every figure is rounded and formatted in src/shared/ (money.ts, percent.ts, format.ts), so a
 * figure reads the same on every surface: no code elsewhere under src/ rounds money, hours or a
 * percentage to cents or tenths by hand. The demo agency's generators (src/mocks/) make up data
 * and are left out.
 */

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

// `Math.round(x * 100) / 100`, `Math.round(x * 10) / 10` and `.toFixed(n)`.
const ROUNDS_BY_HAND = /Math\.round\([^;]*\*\s*10{1,2}\s*\)\s*\/\s*10{1,2}\b|\.toFixed\(/g;

const roundingsIn = (text: string) => text.match(ROUNDS_BY_HAND)?.length ?? 0;

describe('figures are rounded in src/shared/', () => {
  it('recognises the roundings it looks for', () => {
    // Guards the pattern itself: a broken one would find nothing and pass everything.
    expect(roundingsIn('const hours = (m: number) => Math.round((m / 60) * 100) / 100;')).toBe(1);
    expect(roundingsIn('`${Math.round(n * 10) / 10}%`')).toBe(1);
    expect(roundingsIn('const text = `${p.toFixed(1)}%`;')).toBe(1);
    expect(
      roundingsIn(readFileSync(path.join(root, 'src/shared/format.ts'), 'utf8')),
    ).toBeGreaterThan(0);
  });

  it('finds none outside src/shared/ and the demo data', () => {
    const found = sourceFiles('src')
      .filter((file) => !file.startsWith('src/shared/') && !file.startsWith('src/mocks/'))
      .map((file) => [file, roundingsIn(readFileSync(path.join(root, file), 'utf8'))] as const)
      .filter(([, n]) => n > 0)
      .map(([file, n]) => `${file}: ${n}`);
    expect(found).toEqual([]);
  });
});
