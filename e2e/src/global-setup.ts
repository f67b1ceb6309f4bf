import type { TestProject } from 'vitest/node';
import { pgliteTemplates } from '../../apps/server/test/global-setup';

/** One migrated, demo-seeded PGlite for the run: each file's server starts from a copy of it. */
export default async function setup(project: TestProject) {
  const { templates, teardown } = await pgliteTemplates();
  project.provide('databaseTemplates', { pglite: templates });
  return teardown;
}
