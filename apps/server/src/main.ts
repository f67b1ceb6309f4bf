import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { startWarnings } from './modules/password-reset/service';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { loadMailConfig } from './platform/email';
import { migrate } from './platform/migrate';
import { warmUpStoredContent } from './platform/stored-content';
import { seedDemo } from './seed/demo';

/** Starts Khela: config → database → migrations → demo brand (first start) → HTTP. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await migrate(db);
  if (config.SEED_DEMO) await seedDemo(db);
  const app = await buildApp(config, db);
  // Said once here rather than where the routes are built, so tests and tools stay quiet.
  for (const warning of startWarnings(loadMailConfig(config.dataDir))) app.log.warn(warning);
  // PGlite is one process: the operator commands (src/cli.ts) refuse to open the data
  // directory while this file names a live server.
  const pidFile = config.DATABASE_URL ? null : path.join(config.dataDir, 'server.pid');
  if (pidFile) writeFileSync(pidFile, String(process.pid));
  const close = async () => {
    await app.close();
    await db.close();
    if (pidFile) rmSync(pidFile, { force: true });
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.PORT, host: config.HOST });
  warmUpStoredContent().catch((err) => app.log.warn({ err }, 'content sanitiser failed to load'));
}

main().catch((e) => {
  console.error('Khela failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
