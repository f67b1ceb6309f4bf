import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from './harness';

/**
 * `src/platform/schema.ts` is Kysely's view of the tables the migrations make; nothing but this
 * test keeps the two in step. It migrates a fresh database, reads every table's columns from
 * information_schema, and compares them with what the TypeScript checker makes of the `DB`
 * interface: the same tables and columns, each column's type, `| null` exactly where the
 * column is nullable, and no column left optional on insert that the database requires.
 */

const PLATFORM = path.resolve(__dirname, '../src/platform');
const PROBE = path.join(PLATFORM, '__schema_probe__.ts');
const PROBE_SOURCE = `
import type { Insertable, Selectable } from 'kysely';
import type { DB } from './schema';
export type Selects = { [T in keyof DB]: Selectable<DB[T]> };
export type Inserts = { [T in keyof DB]: Insertable<DB[T]> };
`;

/** The tables migrate.ts keeps for itself, outside Kysely's view. */
const NOT_IN_SCHEMA = new Set(['schema_migrations']);

type Declared = { kinds: string[]; nullable: boolean; optionalOnInsert: boolean };

/** What schema.ts declares: table → column → its select type and insert optionality. */
function declaredTables(): Map<string, Map<string, Declared>> {
  const configFile = ts.readConfigFile(path.resolve(__dirname, '../tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, path.resolve(__dirname, '..'));
  // One program of the probe and what it imports: not the workspace's project build (composite).
  const options = { ...parsed.options, noEmit: true, composite: false, emitDeclarationOnly: false };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, lang, ...rest) =>
    path.resolve(file) === PROBE ? ts.createSourceFile(file, PROBE_SOURCE, lang) : getSourceFile(file, lang, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => path.resolve(file) === PROBE || fileExists(file);
  const program = ts.createProgram([PROBE], options, host);
  const errors = ts.getPreEmitDiagnostics(program, program.getSourceFile(PROBE));
  if (errors.length > 0) throw new Error(ts.formatDiagnostics(errors, host));
  const checker = program.getTypeChecker();
  const probe = program.getSourceFile(PROBE);
  if (!probe) throw new Error('probe not compiled');
  const alias = (name: string) => {
    const decl = probe.statements.find((s) => ts.isTypeAliasDeclaration(s) && s.name.text === name);
    if (!decl || !ts.isTypeAliasDeclaration(decl)) throw new Error(name);
    return checker.getTypeAtLocation(decl.name);
  };
  const columnsOf = (type: ts.Type) => new Map(checker.getPropertiesOfType(type).map((p) => [p.name, p] as const));

  const kindOf = (t: ts.Type): string => {
    const f = t.flags;
    if (f & ts.TypeFlags.StringLike) return 'string';
    if (f & ts.TypeFlags.NumberLike) return 'number';
    if (f & ts.TypeFlags.BigIntLike) return 'bigint';
    if (f & ts.TypeFlags.BooleanLike) return 'boolean';
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return 'any';
    if (checker.isArrayType(t)) {
      const [element] = checker.getTypeArguments(t as ts.TypeReference);
      return `${element ? kindOf(element) : 'any'}[]`;
    }
    const name = t.getSymbol()?.getName();
    if (name === 'Date' || name === 'Buffer') return name;
    return 'json';
  };

  const tables = new Map<string, Map<string, Declared>>();
  const selects = alias('Selects');
  const inserts = alias('Inserts');
  for (const table of checker.getPropertiesOfType(selects)) {
    const insertSymbol = inserts.getProperty(table.name);
    const insertColumns = insertSymbol ? columnsOf(checker.getTypeOfSymbol(insertSymbol)) : new Map();
    const columns = new Map<string, Declared>();
    for (const [name, column] of columnsOf(checker.getTypeOfSymbol(table))) {
      const type = checker.getTypeOfSymbol(column);
      const parts = type.isUnion() ? type.types : [type];
      const nullable = parts.some((p) => p.flags & ts.TypeFlags.Null);
      const kinds = [
        ...new Set(parts.filter((p) => !(p.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))).map(kindOf)),
      ];
      const insert = insertColumns.get(name);
      columns.set(name, {
        kinds,
        nullable,
        optionalOnInsert: !insert || (insert.flags & ts.SymbolFlags.Optional) !== 0,
      });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

type Actual = { data_type: string; udt_name: string; is_nullable: 'YES' | 'NO'; has_default: boolean };

/** The TypeScript kind that each PostgreSQL type reads as (decision 0001: int8 as bigint, numeric and date as string). */
function expectedKinds(c: Actual): string[] {
  switch (c.data_type) {
    case 'text':
    case 'character varying':
    case 'character':
    case 'numeric':
    case 'date':
      return ['string'];
    case 'integer':
    case 'smallint':
      return ['number'];
    case 'bigint':
      return ['bigint'];
    case 'boolean':
      return ['boolean'];
    case 'timestamp with time zone':
      return ['Date'];
    case 'bytea':
      return ['Buffer'];
    case 'json':
    case 'jsonb':
      return ['json'];
    case 'ARRAY':
      return [`${expectedKinds({ ...c, data_type: ARRAY_ELEMENT[c.udt_name] ?? c.udt_name })[0]}[]`];
    default:
      return [c.data_type];
  }
}
const ARRAY_ELEMENT: Record<string, string> = { _text: 'text', _int4: 'integer', _int8: 'bigint' };

/** A json column may be declared as any object or array shape. */
function kindsMatch(declared: string[], expected: string[]): boolean {
  if (expected[0] === 'json') return declared.length > 0 && declared.every((k) => k === 'json' || k.endsWith('[]'));
  return declared.length === 1 && declared[0] === expected[0];
}

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.drop());

describe('schema.ts', () => {
  it('declares exactly the tables and columns the migrations make, with their types and nullability', async () => {
    const r = await sql<Actual & { table_name: string; column_name: string }>`
      SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable,
             (c.column_default IS NOT NULL OR c.is_identity = 'YES') AS has_default
        FROM information_schema.columns c
        JOIN information_schema.tables t USING (table_schema, table_name)
       WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
       ORDER BY c.table_name, c.ordinal_position`.execute(t.db.kysely);
    const actual = new Map<string, Map<string, Actual>>();
    for (const row of r.rows) {
      if (NOT_IN_SCHEMA.has(row.table_name)) continue;
      if (!actual.has(row.table_name)) actual.set(row.table_name, new Map());
      actual.get(row.table_name)?.set(row.column_name, row);
    }
    const declared = declaredTables();

    const problems: string[] = [];
    for (const table of actual.keys())
      if (!declared.has(table)) problems.push(`${table}: a table the migrations make, missing from DB`);
    for (const [table, columns] of declared) {
      const real = actual.get(table);
      if (!real) {
        problems.push(`${table}: declared in DB, but no migration makes it`);
        continue;
      }
      for (const name of real.keys())
        if (!columns.has(name)) problems.push(`${table}.${name}: a column the migrations make, not declared`);
      for (const [name, d] of columns) {
        const c = real.get(name);
        if (!c) {
          problems.push(`${table}.${name}: declared, but no migration makes it`);
          continue;
        }
        const expected = expectedKinds(c);
        if (!kindsMatch(d.kinds, expected))
          problems.push(
            `${table}.${name}: ${c.data_type} reads as ${expected.join('|')}, declared ${d.kinds.join('|')}`,
          );
        if (d.nullable !== (c.is_nullable === 'YES'))
          problems.push(
            `${table}.${name}: ${c.is_nullable === 'YES' ? 'nullable, declared without' : 'NOT NULL, declared with'} | null`,
          );
        if (d.optionalOnInsert && c.is_nullable === 'NO' && !c.has_default)
          problems.push(`${table}.${name}: NOT NULL without a default, but optional on insert`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
