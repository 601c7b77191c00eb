import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/port';
import { createTestDb } from '../helpers/db';
import { changedRowCounts, changedTables, snapshotDb } from './db-snapshot';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

// The other suites' "changes nothing" rests on this: it must see every real change.
describe('snapshotDb', () => {
  it('sees rows inserted, changed and deleted in any table, and says which', async () => {
    const before = await snapshotDb(db);
    await db.query(`INSERT INTO settings (key, value) VALUES ('snapshot-test', '"a"')`);
    const inserted = await snapshotDb(db);
    expect(changedTables(before, inserted)).toEqual(['settings: 1 inserted']);
    expect(changedRowCounts(before, inserted)).toEqual(['settings: 1 inserted']);

    await db.query(`UPDATE settings SET value = '"b"' WHERE key = 'snapshot-test'`);
    const updated = await snapshotDb(db);
    expect(changedTables(inserted, updated)).toEqual(['settings: 1 changed']);
    // A change of contents keeps the row count.
    expect(changedRowCounts(inserted, updated)).toEqual([]);

    await db.query(`DELETE FROM settings WHERE key = 'snapshot-test'`);
    expect(changedTables(updated, await snapshotDb(db))).toEqual(['settings: 1 deleted']);
  });

  it('ignores an update that leaves the row as it was, a rolled-back write and the sync bookkeeping', async () => {
    await db.query(`INSERT INTO settings (key, value) VALUES ('snapshot-same', '"a"')`);
    const before = await snapshotDb(db);
    await db.query(`UPDATE settings SET value = '"a"' WHERE key = 'snapshot-same'`);
    await db
      .transaction(async (tx) => {
        await tx.query(`INSERT INTO settings (key, value) VALUES ('snapshot-gone', '"x"')`);
        throw new Error('roll back');
      })
      .catch(() => {});
    await db.query(`UPDATE sync_lease SET holder = 'someone' WHERE name = 'refresh'`);
    expect(changedTables(before, await snapshotDb(db))).toEqual([]);
  });
});
