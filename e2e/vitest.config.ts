import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts a server and a browser: one file at a time on a 2-core machine.
    fileParallelism: false,
  },
});
