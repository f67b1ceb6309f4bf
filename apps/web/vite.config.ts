import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineFirstPaint } from './inline-first-paint.ts';
import { precompress } from './precompress.ts';
import { preloadDefaultTexts } from './preload-texts.ts';

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  plugins: [react(), preloadDefaultTexts(), inlineFirstPaint(), precompress()],
  build: {
    target: 'es2020',
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      // Two pages: the site, and the in-house game page the game frame shows (/play/<game>).
      input: { main: page('index.html'), play: page('play.html') },
      output: {
        // Stable names per chunk so size-limit can find "what the home route loads".
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: {
      '/wps': 'http://127.0.0.1:8080',
      '/lgw': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
