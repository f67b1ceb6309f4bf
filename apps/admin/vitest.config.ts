import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    testTimeout: 60_000,
    // A worker keeps its modules and its page from one file to the next, as the web tests do
    // (test/setup.ts empties the page and storage before each file).
    isolate: false,
  },
});
