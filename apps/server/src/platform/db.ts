import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

/** OIDs whose parsing must be the same on PostgreSQL and PGlite. */
const INT8 = 20;
const NUMERIC = 1700;
/** A calendar day ('2026-11-26') stays the text it is: as a Date it would shift with the process's zone. */
const DATE = 1082;

/**
 * One database handle for both engines. `kysely` is for queries; `kind` lets the few engine-specific paths (advisory locks) choose.
 * bigint columns come back as JS `bigint` on both engines, numeric as string: money is never a float.
 */
export type Database = {
  kind: 'pglite' | 'postgres';
  kysely: Kysely<DB>;
  close(): Promise<void>;
};

/**
 * PGlite only: `loadDataDir` starts from a dump of another PGlite's data directory
 * (`dumpDataDir`) instead of an empty cluster, as the test suites copy one migrated database;
 * `small` gives the instance a 4 MB buffer pool instead of PostgreSQL's 128 MB, for the tests'
 * many short-lived databases of a few MB each: an instance clears its whole pool as it starts,
 * which was about half of the second it took (0.6 s against 1.0–1.5 s here).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  loadDataDir?: Blob;
  small?: boolean;
}): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  return openPglite(opts);
}

async function openPostgres(url: string): Promise<Database> {
  const types = {
    getTypeParser(oid: number, format?: string) {
      if (oid === INT8) return (v: string) => BigInt(v);
      if (oid === NUMERIC || oid === DATE) return (v: string) => v;
      // biome-ignore lint/suspicious/noExplicitAny: pg's own signature
      return (pg.types.getTypeParser as any)(oid, format);
    },
  };
  const pool = new pg.Pool({ connectionString: url, max: 10, types });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return {
    kind: 'postgres',
    kysely,
    async close() {
      await kysely.destroy();
    },
  };
}

/**
 * Statement texts sent as named prepared statements on PostgreSQL: parsed and planned once per
 * connection instead of on every call. Only for a few fixed statements on the money path, where
 * that work is done while others wait for a wallet (a connection keeps what it prepared).
 */
const preparedNames = new Map<string, string>();

/** Registers `text` to be prepared once per connection under `name`; returns the text. */
export function preparedStatement(name: string, text: string): string {
  preparedNames.set(text, name);
  return text;
}

/**
 * The pool as Kysely sees it: each client's `query` names the registered statements. One
 * wrapper per client, because Kysely keeps its connection objects by client.
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      const known = wrappers.get(client);
      if (known) return known;
      const wrapper = {
        // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (a text, or a cursor object)
        query(text: any, values?: readonly unknown[]): any {
          const name = typeof text === 'string' ? preparedNames.get(text) : undefined;
          const params = values as unknown[] | undefined; // Kysely passes a fresh array
          return name ? client.query({ name, text, values: params }) : client.query(text, params);
        },
        release: () => client.release(),
      };
      wrappers.set(client, wrapper);
      return wrapper;
    },
    end: () => pool.end(),
  };
}

async function openPglite({
  dataDir,
  loadDataDir,
  small,
}: {
  dataDir?: string;
  loadDataDir?: Blob;
  small?: boolean;
}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir, {
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(small ? { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=4MB'] } : {}),
    parsers: { [INT8]: (v: string) => BigInt(v), [NUMERIC]: (v: string) => v, [DATE]: (v: string) => v },
  });
  // PGlite is a single connection: Kysely's transactions must not interleave with other
  // queries, so connections are handed out one at a time.
  let queue: Promise<void> = Promise.resolve();
  const client = {
    async query(text: string, params?: unknown[]) {
      // Without parameters use the simple protocol, as pg does, so a script of several
      // statements (a migration) runs the same way on both engines.
      if (!params || params.length === 0) {
        const results = await lite.exec(text);
        const last = results.at(-1);
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0, command: commandOf(text) };
      }
      const r = await lite.query(text, params as never[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length, command: commandOf(text) };
    },
    release() {},
  };
  const pool = {
    connect() {
      let release!: () => void;
      const next = new Promise<void>((r) => {
        release = r;
      });
      const ready = queue.then(() => ({ ...client, release }));
      queue = queue.then(() => next);
      return ready;
    },
    async end() {},
  };
  // biome-ignore lint/suspicious/noExplicitAny: the dialect only uses connect/query/release/end
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as any }) });
  return {
    kind: 'pglite',
    kysely,
    async close() {
      await kysely.destroy();
      await lite.close();
    },
  };
}

function commandOf(text: string): string {
  return (/^\s*(\w+)/.exec(text)?.[1] ?? '').toUpperCase();
}
