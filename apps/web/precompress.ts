import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|map)$/;
/** Below this a compressed copy saves less than its headers cost (the server's threshold too). */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` that they make smaller. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = (await filesUnder(dir)).filter(
    (f) => COMPRESSIBLE.test(f) && !f.includes(`${path.sep}.vite${path.sep}`),
  );
  let count = 0;
  let bytes = 0;
  let brotliBytes = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const raw = await readFile(file);
      // Once per build, so the slowest settings: every visit gets the smallest files.
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gz(raw, { level: 9 }),
      ]);
      if (br.length < raw.length) await writeFile(`${file}.br`, br);
      if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
      count++;
      bytes += raw.length;
      brotliBytes += Math.min(br.length, raw.length);
    }),
  );
  return { files: count, bytes, brotliBytes };
}

/**
 * Compresses the build once, at build time (brotli at its highest quality and gzip), so the
 * server sends the files as they lie (@fastify/static `preCompressed`) instead of compressing
 * each answer.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'khela-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files, bytes, brotliBytes } = await precompressDir(outDir);
      this.info(
        `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} kB → ${(brotliBytes / 1024).toFixed(0)} kB br`,
      );
    },
  };
}
