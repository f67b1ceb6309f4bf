// Bundle budgets (run by `npm test` after the build). "The home route" is everything a first
// visit to / downloads: the entry chunk and its static imports, the site's code the entry imports
// after the first paint (app/start.tsx), the home page chunk and its
// imports, the default language's texts, and what the first screen opens once it has settled —
// the popup notice with its sanitiser. (The theme script and the main stylesheet are written into
// index.html itself; the stylesheet is still counted below as the CSS of the route.)
// The files come from Vite's manifest, so new chunks are counted too; e2e/src/first-visit.e2e.ts
// checks in Chromium that a real first visit, on a phone and a desktop, loads nothing else.
const { readFileSync, existsSync } = require('node:fs');
const path = require('node:path');

const dist = path.join(__dirname, 'apps/web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) throw new Error('Build the web app first: npm run build');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

function collect(keys) {
  const js = new Set();
  const css = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return { js: [...js], css: [...css] };
}

const keys = Object.keys(manifest);
/** The entries a first visit to / opens, each with its static imports. */
const FIRST_VISIT = [
  /src\/app\/start\.tsx$/,
  /src\/app\/pages\/home\.tsx$/,
  /src\/locales\/bn\/index\.ts$/,
  /src\/features\/notices\/notice-modal\.tsx$/,
  /src\/lib\/sanitize\.ts$/,
];
const homeKeys = ['index.html', ...keys.filter((k) => FIRST_VISIT.some((re) => re.test(k)))];
const home = collect(homeKeys);
const abs = (files) => files.map((f) => path.join(dist, f));
// The in-house game page (play.html): its entry, its imports and the default language's texts.
// The fairness page's own chunk: the verifiers and the hash code live only here, so no other page
// downloads them.
const fairness = keys.filter((k) => /src\/app\/pages\/fairness\.tsx$/.test(k)).map((k) => manifest[k].file);
const play = collect(['play.html', ...keys.filter((k) => /src\/locales\/bn\/(play|errors)\.json$/.test(k))]);
// The dice game's own lazy chunk and its Bengali texts, on top of the game page above.
const dice = collect([
  ...keys.filter((k) => /src\/play\/dice\/dice-game\.ts$|src\/locales\/bn\/play-dice\.json$/.test(k)),
]);
const diceOnly = (files) => files.filter((f) => !play.js.includes(f) && !play.css.includes(f));

// The back office (apps/admin): what its first screen — the login page, or the shell — downloads
// before any screen's own lazy chunk: the entry and its static imports. Staff work at desks on
// fixed lines, but a tablet on a shop's Wi-Fi should still have the login page in seconds.
const adminDist = path.join(__dirname, 'apps/admin/dist');
const adminManifestPath = path.join(adminDist, '.vite/manifest.json');
if (!existsSync(adminManifestPath)) throw new Error('Build the back office first: npm run build');
const adminManifest = JSON.parse(readFileSync(adminManifestPath, 'utf8'));
const adminFirstLoad = new Set();
const visitAdmin = (key) => {
  const chunk = adminManifest[key];
  if (!chunk || adminFirstLoad.has(chunk.file)) return;
  adminFirstLoad.add(chunk.file);
  for (const i of chunk.imports ?? []) visitAdmin(i);
};
visitAdmin('index.html');
const adminJs = [...adminFirstLoad].filter((f) => f.endsWith('.js')).map((f) => path.join(adminDist, f));

module.exports = [
  // The calls reach the browser as zod-free endpoints (decision 0026): no schema is in here.
  { name: 'JS loaded for the home route', path: abs(home.js), limit: '170 KB', gzip: true },
  { name: 'CSS loaded for the home route', path: abs(home.css), limit: '25 KB', gzip: true },
  // No framework on the game page: a phone on a slow link should be spinning within seconds.
  { name: 'JS loaded for the slot page', path: abs(play.js), limit: '20 KB', gzip: true },
  { name: 'CSS loaded for the slot page', path: abs(play.css), limit: '5 KB', gzip: true },
  { name: 'JS added by the dice game', path: abs(diceOnly(dice.js)), limit: '14 KB', gzip: true },
  // The crash game's own lazily imported chunk (play/crash/game.ts), on top of the page's entry.
  {
    name: 'JS of the crash game chunk',
    path: abs(
      collect(keys.filter((k) => /src\/play\/crash\/game\.ts$/.test(k))).js.filter((f) => !play.js.includes(f)),
    ),
    limit: '15 KB',
    gzip: true,
  },
  { name: 'JS of the fairness page chunk', path: abs(fairness), limit: '12 KB', gzip: true },
  // No zod-free trick here: the office's forms check input with the contract's own schemas.
  { name: 'JS loaded for the back office first screen', path: adminJs, limit: '190 KB', gzip: true },
];
