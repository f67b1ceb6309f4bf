import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../web/precompress.ts';

/**
 * The back office (BACK-OFFICE.md "Shape"): its own bundle under /admin, served by the same
 * server with its own CSP; the player site's pages never name these files.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  build: {
    target: 'es2020',
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      output: {
        // Stable names per chunk so size-limit can find "what the first screen loads".
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: { '/bo': 'http://127.0.0.1:8080' },
  },
});
