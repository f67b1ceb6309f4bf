import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Node flags `npm start` gives the server: those of the start script in this package's
 * package.json (the young generation's size, decision 0051). The bench and the start test run
 * the server with them, as an operator's `npm start` does.
 */
export function startFlags(): string[] {
  const pkg = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../package.json');
  const start: string = JSON.parse(readFileSync(pkg, 'utf8')).scripts.start;
  return start.split(/\s+/).filter((arg) => arg.startsWith('--'));
}
