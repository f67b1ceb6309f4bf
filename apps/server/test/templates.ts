/** The engine the server suite runs on: embedded PGlite by default, PostgreSQL with KHELA_TEST_DB=postgres. */
export const TEST_ENGINE = process.env.KHELA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const PG_ADMIN_URL = process.env.KHELA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A migrated database and one more with the demo seed in. */
export type Pair = { migrated: string; seeded: string };

/**
 * The finished databases global-setup.ts made once for the run: the files of two PGlite
 * data-directory dumps (always: a test may open an embedded database of its own), and on
 * PostgreSQL the names of two template databases.
 */
export type Templates = { pglite: Pair; postgres?: Pair };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: Templates;
  }
}
