import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Roomy: a test that hashes passwords or starts a fresh app can take tens of seconds when the
    // two cores are shared; a real hang still fails.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; a few suites at a time is plenty on 2 cores.
    maxWorkers: 2,
    // One migrated database (and one demo-seeded) for the whole run; each test copies it.
    globalSetup: ['test/global-setup.ts'],
  },
});
