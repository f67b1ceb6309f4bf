import { buildApp } from './app';
import { startWarnings } from './modules/password-reset/service';
import { linkBaseOf } from './modules/staff/accounts';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { loadMailConfig } from './platform/email';
import { migrate } from './platform/migrate';
import { embeddedDatabaseBusy, liveServerPid, writeServerPid } from './platform/server-pid';
import { warmUpStoredContent } from './platform/stored-content';
import { DemoSeedRefused, seedDemo } from './seed/demo';
import { DEMO_OWNER_USERNAME, demoOwnerSetupLink } from './seed/demo-owner';

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
  // PGlite is one process: a second server (or the operator commands, src/cli.ts) refuses to
  // open the data directory while server.pid names a live server.
  const running = config.DATABASE_URL ? null : liveServerPid(config.dataDir);
  if (running !== null) {
    console.error(`Khela failed to start: ${embeddedDatabaseBusy(running, config.dataDir)}`);
    process.exit(1);
  }
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await migrate(db);
  const mailConfig = loadMailConfig(config.dataDir);
  let ownerLink: Awaited<ReturnType<typeof demoOwnerSetupLink>> = null;
  if (config.SEED_DEMO) {
    try {
      await seedDemo(db);
    } catch (e) {
      if (!(e instanceof DemoSeedRefused)) throw e;
      console.error(`Khela failed to start: ${e.message}`);
      await db.close();
      process.exit(1);
    }
    ownerLink = await demoOwnerSetupLink(db, linkBaseOf(mailConfig.PUBLIC_URL, config));
  }
  const app = await buildApp(config, db);
  // Said once here rather than where the routes are built, so tests and tools stay quiet.
  for (const warning of startWarnings(mailConfig)) app.log.warn(warning);
  const removePid = config.DATABASE_URL ? null : writeServerPid(config.dataDir);
  const close = async () => {
    await app.close();
    await db.close();
    removePid?.();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.PORT, host: config.HOST });
  // Printed, not logged: the link is for the person at this terminal, once (decision 0032).
  if (ownerLink)
    console.log(
      `\nThe demo brand's back-office owner '${DEMO_OWNER_USERNAME}' has not set up yet. Open this link ` +
        `(valid ${ownerLink.expiresHours} hours, usable once) to choose a password and enrol two-factor codes:\n${ownerLink.link}\n`,
    );
  warmUpStoredContent().catch((err) => app.log.warn({ err }, 'content sanitiser failed to load'));
}

main().catch((e) => {
  console.error('Khela failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
