import type { TestProject } from 'vitest/node';
import { createDbTemplate } from './helpers/db-template';

/** Once per run: the migrated database every test file copies (tests/helpers/db.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, remove } = await createDbTemplate();
  project.provide('dbTemplate', template);
  return remove;
}
