import { ConfigError, loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';

/** `npm run db:migrate`: applies pending migrations and exits. */
try {
  const config = loadConfig(process.env);
  const db = await openDatabase(config);
  const applied = await migrate(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  await db.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
