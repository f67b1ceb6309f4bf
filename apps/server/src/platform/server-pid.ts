import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process: a second process opening the same data directory would corrupt it. A
 * server on the embedded database names itself in DATA_DIR/server.pid while it runs; the
 * operator commands and a second server read it and refuse with a sentence, not a stack trace.
 */
export const SERVER_PID_FILE = 'server.pid';

/** The pid of a live server holding `dataDir`, or null (no file, or a stale one of a gone process). */
export function liveServerPid(dataDir: string): number | null {
  const file = path.join(dataDir, SERVER_PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    // EPERM: the process exists but belongs to another user — still alive.
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** The sentence both refusals print. */
export function embeddedDatabaseBusy(pid: number, dataDir: string): string {
  return `the Khela server (pid ${pid}) has the embedded database in ${dataDir} open, and PGlite allows one process: stop it first (or use PostgreSQL with DATABASE_URL)`;
}

export function writeServerPid(dataDir: string): () => void {
  const file = path.join(dataDir, SERVER_PID_FILE);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
