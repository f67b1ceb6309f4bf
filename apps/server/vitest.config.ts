import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const INCLUDE = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * Test files that replace a module (`vi.mock`) or set the process's environment: they run each in
 * a process of its own. Every other file shares its worker's loaded modules with the files run
 * before it, which halves the suite: loading the server's modules afresh for each file had been
 * a third of its time. Found by reading the files, so a new test that mocks is isolated without
 * anyone listing it.
 */
const OWN_PROCESS = /\bvi\.(mock|stubEnv|stubGlobal)\(|process\.env\.\w+\s*=(?!=)|delete process\.env/;
function testFiles(dir: string): string[] {
  return readdirSync(path.join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${dir}/${f.split(path.sep).join('/')}`);
}
const isolated = [...testFiles('src'), ...testFiles('test')].filter((f) =>
  OWN_PROCESS.test(readFileSync(path.join(import.meta.dirname, f), 'utf8')),
);

export default defineConfig({
  test: {
    // Roomy: a test that hashes passwords or starts a fresh app can take tens of seconds when the
    // two cores are shared; a real hang still fails.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; a few suites at a time is plenty on 2 cores.
    maxWorkers: 2,
    // One migrated database (and one demo-seeded) for the whole run; each test copies it.
    globalSetup: ['test/global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'shared', include: INCLUDE, exclude: isolated, isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
    ],
  },
});
