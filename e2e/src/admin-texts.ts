import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const LOCALES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../apps/admin/src/locales');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** The back office's English texts: the shared ones and every area's (apps/admin lib/i18n.ts). */
const EN: Record<string, unknown> = read(path.join(LOCALES, 'en.json'));
for (const file of readdirSync(path.join(LOCALES, 'areas/en'))) {
  EN[file.replace(/\.json$/, '')] = read(path.join(LOCALES, 'areas/en', file));
}

/** The back office's shipped English text of `key`, with its {{placeholders}} filled. */
export function tx(key: string, vars: Record<string, string | number> = {}): string {
  let node: unknown = EN;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)?.[part];
  if (typeof node !== 'string') throw new Error(`no back office text '${key}'`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name]));
}
