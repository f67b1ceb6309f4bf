import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The slot simulation plays 10^6 rounds and enumerates ~48 million stop combinations.
  test: { include: ['src/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 },
});
