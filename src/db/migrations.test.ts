import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from './migrations';

const number = (name: string) => Number(name.slice(0, 4));

/** The pairs the list applies out of number order, each kept since databases met it so. */
const HISTORICAL = [
  '0050_dev_status before 0040_user_preferences',
  '0060_alerts before 0040_user_preferences',
];

describe('the migration list', () => {
  it('holds every file in sql/ once, and nothing else', () => {
    const files = readdirSync(path.resolve(import.meta.dirname, '../../sql'))
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.slice(0, -'.sql'.length));
    expect(migrations.map((m) => m.name).sort()).toEqual(files.sort());
  });

  it('goes up by number, but for its two historical exceptions', () => {
    const outOfOrder: string[] = [];
    migrations.forEach((later, i) => {
      for (const earlier of migrations.slice(0, i))
        if (number(earlier.name) >= number(later.name))
          outOfOrder.push(`${earlier.name} before ${later.name}`);
    });
    expect(outOfOrder).toEqual(HISTORICAL);
  });
});
