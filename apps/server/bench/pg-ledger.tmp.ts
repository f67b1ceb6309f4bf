import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { ledgerRuns, withPostgres } from './money';
await withPostgres(async (db) => {
  for (const f of (process.env.VARIANT ?? '').split(',').filter(Boolean))
    await sql.raw(readFileSync(`/tmp/lx/${f}.sql`, 'utf8')).execute(db.kysely);
  await ledgerRuns(`PostgreSQL ${process.env.VARIANT ?? 'base'}`, db);
});
process.exit(0);
