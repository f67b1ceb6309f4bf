import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { startFlags } from '../scripts/start-flags';
import { TEST_ENGINE } from './templates';

// `npm start` as an operator runs it: its own process, with the start script's Node flags, over an
// embedded database, its log read from standard output until the server says it listens.
const dataDir = mkdtempSync(path.join(tmpdir(), 'khela-start-'));
const main = path.resolve(__dirname, '../src/main.ts');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type LogLine = { level: number; msg: string };

/** Starts the server, collects its log lines until it listens, then stops it (SIGTERM). */
async function startLog(env: Record<string, string>): Promise<LogLine[]> {
  const { PUBLIC_URL: _inherited, ...parentEnv } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', ...startFlags(), main], {
    env: {
      ...parentEnv,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        let parsed: LogLine;
        try {
          parsed = JSON.parse(line);
        } catch {
          return;
        }
        lines.push(parsed);
        if (/^Server listening/.test(parsed.msg)) resolve();
      });
      exited.then((code) => reject(new Error(`the server exited (${code}) before listening: ${stderr}`)));
    });
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
  return lines;
}

const warningsAboutPublicUrl = (lines: LogLine[]) => lines.filter((l) => l.level === 40 && /PUBLIC_URL/.test(l.msg));

// `npm start` without DATABASE_URL runs on the embedded database whatever the pass: the
// PostgreSQL pass of the suite would only repeat it.
describe.skipIf(TEST_ENGINE !== 'pglite')('npm start', () => {
  it('warns once, clearly, when PUBLIC_URL is not set, and not when it is', async () => {
    const without = warningsAboutPublicUrl(await startLog({}));
    expect(without).toHaveLength(1);
    expect(without[0]?.msg).toMatch(/^PUBLIC_URL is not set: password-reset emails link to .*brand_domains/);
    expect(warningsAboutPublicUrl(await startLog({ PUBLIC_URL: 'https://khela.example' }))).toEqual([]);
  }, 180_000);
});
