#!/usr/bin/env node
// Part of `npm run check`: the boundaries of ARCHITECTURE §2 and §3, which a linter's import
// rules cannot say on their own (a path string, a cycle between modules, who writes money).
// Prints every breach as `file:line  rule  detail` and exits 1 if there is one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const rel = (f) => path.relative(root, f);

function files(dir, exts = ['.ts', '.tsx', '.mjs', '.js']) {
  const out = [];
  const walk = (d) => {
    let entries;
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const e of entries) {
      if (e === 'node_modules' || e === 'dist' || e.startsWith('.')) continue;
      const p = path.join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (exts.some((x) => p.endsWith(x))) out.push(p);
    }
  };
  walk(path.join(root, dir));
  return out;
}

/** Every import/export-from of a file, with its line and the file it resolves to (relative ones only). */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const out = [];
  const re = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const spec = m[1] ?? m[2];
    const line = text.slice(0, m.index).split('\n').length + (m[0].startsWith('\n') ? 1 : 0);
    const resolved = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : null;
    out.push({ spec, line, resolved });
  }
  return out;
}

const breaches = [];
const breach = (file, line, rule, detail) => breaches.push(`${rel(file)}:${line}  ${rule}  ${detail}`);

// 1. API paths live only in the contract: no web or admin file names one as a string.
const API_PATH = /['"`]\/(wps|lgw|bo|play\/api)\//;
for (const f of [
  ...files('apps/web/src'),
  ...files('apps/web/test'),
  ...files('apps/admin/src'),
  ...files('apps/admin/test'),
]) {
  readFileSync(f, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (API_PATH.test(text)) breach(f, i + 1, 'api-path-string', text.trim().slice(0, 100));
    });
}

// 2. Web apps: a feature never imports another feature's files; lib and components import no feature.
for (const app of ['apps/web/src', 'apps/admin/src']) {
  const base = path.join(root, app);
  const featuresDir = path.join(base, 'features');
  const featureOf = (p) => {
    const r = path.relative(featuresDir, p);
    return r.startsWith('..') ? null : r.split(path.sep)[0];
  };
  for (const f of files(app)) {
    const own = featureOf(f);
    const layer = path.relative(base, f).split(path.sep)[0];
    for (const imp of importsOf(f)) {
      if (!imp.resolved) continue;
      const other = featureOf(imp.resolved);
      const appDir = path.join(base, 'app');
      if (own && imp.resolved.startsWith(appDir + path.sep)) {
        breach(f, imp.line, 'layer', `features/${own} imports ${imp.spec} (app composes features, not the reverse)`);
        continue;
      }
      if (!other) continue;
      if (layer === 'lib' || layer === 'components') {
        breach(f, imp.line, 'layer', `${layer}/ imports features/${other} (features build on lib and components)`);
      } else if (own && other !== own) {
        breach(f, imp.line, 'feature-boundary', `features/${own} imports ${imp.spec}`);
      }
    }
  }
}

// 3. Packages import no app; the client and ui packages import only the contract.
for (const pkg of ['contract', 'client', 'ui', 'games']) {
  for (const f of files(`packages/${pkg}/src`)) {
    for (const imp of importsOf(f)) {
      if (imp.resolved && !imp.resolved.startsWith(path.join(root, 'packages', pkg)))
        breach(f, imp.line, 'package-boundary', `packages/${pkg} reaches outside itself: ${imp.spec}`);
      if (imp.spec.startsWith('@khela/') && !['@khela/contract', '@khela/games'].some((p) => imp.spec.startsWith(p)))
        breach(f, imp.line, 'package-boundary', `packages/${pkg} imports ${imp.spec}`);
    }
  }
}

// 4. Server: a module calls another module's service, never its repo; no cycle between modules;
//    only modules/wallet writes money.
const modulesDir = path.join(root, 'apps/server/src/modules');
const moduleOf = (p) => {
  const r = path.relative(modulesDir, p);
  return r.startsWith('..') ? null : r.split(path.sep)[0];
};
const graph = new Map();
const serverFiles = files('apps/server/src');
for (const f of serverFiles) {
  const own = moduleOf(f);
  for (const imp of importsOf(f)) {
    if (!imp.resolved) continue;
    const other = moduleOf(imp.resolved);
    if (!other || other === own) continue;
    if (own) {
      if (!graph.has(own)) graph.set(own, new Map());
      if (!graph.get(own).has(other)) graph.get(own).set(other, `${rel(f)}:${imp.line}`);
    }
    if (/(^|\/)repo(\.ts)?$/.test(imp.spec)) breach(f, imp.line, 'module-repo', `reaches into modules/${other}'s repo`);
  }
}
// A cycle: a module that reaches itself again through the modules it imports.
const reported = new Set();
for (const start of graph.keys()) {
  const stack = [[start, [start]]];
  const seen = new Set();
  while (stack.length) {
    const [at, trail] = stack.pop();
    for (const next of graph.get(at)?.keys() ?? []) {
      if (next === start) {
        const key = [...trail].sort().join(',');
        if (!reported.has(key)) {
          reported.add(key);
          const where = graph.get(trail.at(-1)).get(start);
          breaches.push(`${where}  module-cycle  ${[...trail, start].join(' → ')}`);
        }
      } else if (!seen.has(next)) {
        seen.add(next);
        stack.push([next, [...trail, next]]);
      }
    }
  }
}
const MONEY_WRITE =
  /ledger_post\s*\(|insertInto\(\s*['"](ledger_\w+|wallet_balances)['"]|updateTable\(\s*['"](ledger_\w+|wallet_balances)['"]|(INSERT INTO|UPDATE)\s+(ledger_\w+|wallet_balances)\b/;
for (const f of serverFiles) {
  if (moduleOf(f) === 'wallet') continue;
  readFileSync(f, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (MONEY_WRITE.test(text) && !/^\s*(\/\/|\*)/.test(text))
        breach(f, i + 1, 'money-write', 'only modules/wallet writes money (ARCHITECTURE §2)');
    });
}

// isAgent values are named (IS_AGENT, isTrialAccount, isAgentKind in the contract): a bare number
// hides which kind of account a rule is about and drifts when the spec adds one.
const IS_AGENT_LITERAL = /(isAgent|is_agent)['"]?\s*(===?|!==?|,\s*['"](=|!=|<>)['"],)\s*\d/;
for (const f of [...serverFiles, ...files('apps/server/test'), ...files('apps/web/src'), ...files('packages')]) {
  readFileSync(f, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (IS_AGENT_LITERAL.test(text) && !/^\s*(\/\/|\*)/.test(text))
        breach(f, i + 1, 'is-agent-literal', 'name the account kind: IS_AGENT / isTrialAccount / isAgentKind');
    });
}

// The contract reaches zod only through its zod.ts, which switches zod's code generation off in
// browsers before any schema is built (the site's CSP forbids eval).
for (const f of files('packages/contract/src')) {
  if (f.endsWith('/zod.ts')) continue;
  readFileSync(f, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (/from ['"]zod(\/[^'"]*)?['"]/.test(text))
        breach(f, i + 1, 'zod-door', "import z from './zod', not from 'zod'");
    });
}

// Numbers, amounts and dates a person reads go through the one formatter (contract format.ts,
// decision 0027): Bengali digits with lakh grouping in Bengali, the taka sign where the language
// puts it. Anything else that writes a number for display drifts from that rule.
const OWN_FORMAT =
  /\.toFixed\(|\.toPrecision\(|\.toLocale(String|DateString|TimeString)\(|Intl\.(NumberFormat|DateTimeFormat|RelativeTimeFormat)\b/;
const FORMATTER = path.join(root, 'packages/contract/src/format.ts');
for (const f of [
  ...files('apps/web/src'),
  ...files('apps/admin/src'),
  ...files('packages/ui/src'),
  ...files('packages/client/src'),
  ...files('packages/contract/src'),
]) {
  if (f === FORMATTER || /\.test\.tsx?$/.test(f)) continue;
  readFileSync(f, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (OWN_FORMAT.test(text) && !/^\s*(\/\/|\*)/.test(text))
        breach(f, i + 1, 'own-number-format', 'write numbers, money and dates with formatter() (contract format.ts)');
    });
}

// 5. No zod in a browser: the apps and their packages take from the contract only files whose
//    values never reach zod (endpoints.ts for the calls, decision 0026); types may come from
//    anywhere. Tests may use the full definitions.
/** The imports of a file that bring values at run time (not `import type`, not all-`type` braces). */
function valueImportsOf(file) {
  const text = readFileSync(file, 'utf8');
  const out = [];
  const re =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const line = text.slice(0, m.index).split('\n').length + (m[0].startsWith('\n') ? 1 : 0);
    if (m[5]) {
      out.push({ spec: m[5], line });
      continue;
    }
    if (m[2]) continue;
    const braces = /^\{([^}]*)\}$/.exec(m[3].trim());
    if (braces?.[1].split(',').every((s) => !s.trim() || s.trim().startsWith('type '))) continue;
    out.push({ spec: m[4], line });
  }
  return out;
}
const contractSrc = path.join(root, 'packages/contract/src');
const reachesZod = new Map();
function contractFileReachesZod(file, trail = new Set()) {
  if (reachesZod.has(file)) return reachesZod.get(file);
  if (trail.has(file)) return false;
  trail.add(file);
  const reaches =
    file.endsWith(`${path.sep}zod.ts`) ||
    valueImportsOf(file).some((imp) =>
      imp.spec.startsWith('.')
        ? contractFileReachesZod(`${path.resolve(path.dirname(file), imp.spec)}.ts`, trail)
        : /^zod(\/|$)/.test(imp.spec),
    );
  reachesZod.set(file, reaches);
  return reaches;
}
for (const f of [...files('apps/web/src'), ...files('packages/ui/src'), ...files('packages/client/src')]) {
  if (/\.test\.tsx?$/.test(f) || f.endsWith(`${path.sep}testing.ts`)) continue;
  for (const imp of valueImportsOf(f)) {
    const m = /^@khela\/contract(?:\/(.+))?$/.exec(imp.spec);
    if (/^zod(\/|$)/.test(imp.spec)) breach(f, imp.line, 'zod-in-browser', `imports ${imp.spec}`);
    if (m && contractFileReachesZod(path.join(contractSrc, `${m[1] ?? 'index'}.ts`)))
      breach(f, imp.line, 'zod-in-browser', `${imp.spec} brings zod: take calls from @khela/contract/endpoints`);
  }
}

if (breaches.length) {
  console.error(breaches.join('\n'));
  console.error(`\n${breaches.length} boundary breach(es): see ARCHITECTURE §2-§3 and docs/decisions/0022, 0026.`);
  process.exit(1);
}
console.log('boundaries: ok');
