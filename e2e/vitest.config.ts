import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.e2e.ts'],
    // A journey takes 10–30 s alone and up to four times that on a busy two-core CI machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Each file starts its own server (on its own copy of the database) and opens its pages in
    // the worker's browser (src/support.ts): two files at a time. Much of a browser test is
    // waiting (for a round on the server's clock, a pushed balance, a page's calls), so two of
    // them share the two cores well.
    fileParallelism: true,
    maxWorkers: 2,
    // A worker keeps the modules it loaded for the files it runs next (no file replaces a module
    // or sets the environment; each starts its own server and database): loading the server's
    // and Playwright's modules afresh for every file took 186 s of a 942-s run (docs/development.md).
    isolate: false,
    // One migrated, demo-seeded database for the run; each file's server starts from a copy.
    globalSetup: ['src/global-setup.ts'],
    // One retry for a browser test that lost a race with a busy CI machine (a proof-of-work
    // human check shares the two cores with the server and Chromium); a real fault fails twice.
    retry: 1,
    // Tests marked concurrent (independent pages in one browser) run three at a time: enough to
    // fill the waits, few enough for two cores.
    maxConcurrency: 3,
    // expect.poll waits up to 10 s (vitest's default is 1 s): a lobby's first game list or a
    // pushed balance can take longer while the server and Chromium share two busy cores.
    expect: { poll: { timeout: 10_000 } },
  },
});
