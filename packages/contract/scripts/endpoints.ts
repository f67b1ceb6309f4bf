/**
 * Writes src/endpoints.ts and src/endpoints/<domain>.ts: every call and socket of the contract
 * without its schemas, for the browser (decision 0026), one file per domain so that a page's
 * bundle carries only the endpoints its code names (a bundler places modules, not exports, in a
 * page's chunk). Run after adding or changing a call:
 *
 *   npx tsx packages/contract/scripts/endpoints.ts
 *
 * src/endpoints.test.ts fails while the file is out of date.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type CallDefinition, type ClientEndpoint, inputParts, type SocketDefinition } from '../src/call';

const src = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../src');
export const ENDPOINTS_FILE = path.join(src, 'endpoints.ts');
export const ENDPOINTS_DIR = path.join(src, 'endpoints');

/** The contract's domain files: every source but the generated one, the index and the tests. */
export function domainFiles(): string[] {
  return readdirSync(src)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts' && f !== 'endpoints.ts')
    .sort();
}

export function isCall(v: unknown): v is CallDefinition {
  return typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'auth' in v && 'response' in v;
}

export function isSocket(v: unknown): v is SocketDefinition {
  return typeof v === 'object' && v !== null && 'path' in v && 'client' in v && 'server' in v;
}

/** What a call's endpoint holds: everything the client needs to make it, nothing to check it. */
export function endpointOf(d: CallDefinition): Omit<ClientEndpoint, never> {
  return {
    method: d.method,
    path: d.path,
    auth: d.auth,
    input: inputParts(d),
    ...(d.sealed ? { sealed: true as const } : {}),
    ...(d.form ? { form: true as const } : {}),
  };
}

export type Found = { module: string; name: string; kind: 'call' | 'socket'; value: CallDefinition | SocketDefinition };

/** Every call and socket each domain file exports, in file and name order. */
export async function findDefinitions(): Promise<Found[]> {
  const out: Found[] = [];
  for (const file of domainFiles()) {
    const module = file.replace(/\.ts$/, '');
    const exports = (await import(path.join(src, file))) as Record<string, unknown>;
    for (const name of Object.keys(exports).sort()) {
      const value = exports[name];
      if (isCall(value)) out.push({ module, name, kind: 'call', value });
      else if (isSocket(value)) out.push({ module, name, kind: 'socket', value });
    }
  }
  return out;
}

const alias = (module: string) => `${module.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}Defs`;

const HEADER = [
  '// Written by scripts/endpoints.ts from the call definitions: do not edit; run',
  '// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).',
  '',
];

/** The barrel: every domain's endpoints under one import path, `@khela/contract/endpoints`. */
export function endpointsIndexSource(found: Found[]): string {
  const modules = [...new Set(found.map((f) => f.module))];
  return `${[
    ...HEADER,
    '/**',
    ' * Every call and socket of the contract without its zod schemas: what the browser needs to make',
    ' * a call (method, path, the parts of its input, how its body travels). The types come from the',
    ' * full definitions, imported as types only, so the apps keep their typed `call()` and no schema',
    ' * enters their bundles (the server validates). endpoints.test.ts checks each against its call.',
    ' */',
    '',
    ...modules.map((m) => `export * from './endpoints/${m}';`),
  ].join('\n')}\n`;
}

/** One domain's endpoints (src/endpoints/<module>.ts). */
export function endpointsSource(module: string, found: Found[]): string {
  const mine = found.filter((f) => f.module === module);
  const helpers = [
    ...(mine.some((f) => f.kind === 'call') ? ['endpoint'] : []),
    ...(mine.some((f) => f.kind === 'socket') ? ['socketEndpoint'] : []),
  ];
  const lines = [
    ...HEADER,
    `import { ${helpers.join(', ')} } from '../call';`,
    `import type * as ${alias(module)} from '../${module}';`,
    '',
  ];
  // Marked pure: a bundle keeps only the endpoints its code names, not every call of the contract.
  for (const f of mine) {
    const type = `typeof ${alias(f.module)}.${f.name}`;
    if (f.kind === 'call') {
      lines.push(
        `export const ${f.name} = /* @__PURE__ */ endpoint<${type}>(${JSON.stringify(endpointOf(f.value as CallDefinition))});`,
      );
    } else {
      const s = f.value as SocketDefinition;
      lines.push(
        `export const ${f.name} = /* @__PURE__ */ socketEndpoint<${type}>(${JSON.stringify({ path: s.path, auth: s.auth })});`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  const found = await findDefinitions();
  // Written afresh: a domain without calls any more leaves no file behind.
  rmSync(ENDPOINTS_DIR, { recursive: true, force: true });
  mkdirSync(ENDPOINTS_DIR);
  for (const module of new Set(found.map((f) => f.module))) {
    writeFileSync(path.join(ENDPOINTS_DIR, `${module}.ts`), endpointsSource(module, found));
  }
  writeFileSync(ENDPOINTS_FILE, endpointsIndexSource(found));
  // The repository's formatter decides the layout, so `npm run check` passes on what was written.
  execFileSync('npx', ['biome', 'check', '--write', ENDPOINTS_FILE, ENDPOINTS_DIR], { stdio: 'inherit' });
  console.log(
    `wrote ${path.relative(process.cwd(), ENDPOINTS_FILE)} and ${path.relative(process.cwd(), ENDPOINTS_DIR)}/`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) await main();
