import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from './db';

const MIGRATIONS_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../migrations');
/** Arbitrary constant: the advisory lock that lets only one process migrate at a time. */
const MIGRATION_LOCK = 4_242_001;

/**
 * Applies `migrations/NNNN-name.sql` in order, each once, in one transaction holding an
 * advisory lock, so several server processes starting together migrate exactly once.
 * The same SQL runs on PostgreSQL 15 and PGlite.
 */
export async function migrate(db: Database): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}-[\w-]+\.sql$/.test(f))
    .sort();
  return db.kysely.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql
      .raw(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      )
      .execute(trx);
    const done = new Set(
      (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(trx)).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await sql.raw(readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')).execute(trx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(trx);
      applied.push(file);
    }
    return applied;
  });
}
