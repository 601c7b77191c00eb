import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from './pglite';

// Sizes from docs/decisions/150-server-memory.md: the WebAssembly heap never shrinks, so these bound it.
const setting = async (db: Awaited<ReturnType<typeof createPgliteDb>>, name: string) =>
  (await db.query<Record<string, string>>(`SHOW ${name}`))[0]![name];

describe('the embedded database', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('runs in memory with small shared buffers', async () => {
    const db = await createPgliteDb();
    expect(await setting(db, 'shared_buffers')).toBe('16MB');
    expect(await setting(db, 'maintenance_work_mem')).toBe('16MB');
    await db.close();
  }, 120_000);

  it('creates a new data directory, keeps what was written and reopens it with the same settings', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'agency-pglite-'));
    const dataDir = path.join(dir, 'pglite');
    const first = await createPgliteDb(dataDir);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(await setting(first, 'shared_buffers')).toBe('16MB');
    await first.exec('CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$still here$$);');
    await first.close();

    const again = await createPgliteDb(dataDir);
    expect(await again.query('SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
    expect(await setting(again, 'shared_buffers')).toBe('16MB');
    await again.close();
  }, 180_000);

  it('says which directory it could not create a database in', async () => {
    dir ??= await mkdtemp(path.join(os.tmpdir(), 'agency-pglite-'));
    const blocked = path.join(dir, 'a-file');
    await writeFile(blocked, 'not a directory');
    await expect(createPgliteDb(path.join(blocked, 'pglite'))).rejects.toThrow(blocked);
  }, 60_000);
});
