/// <reference types="node" />
// The long statistical run of the randomness evidence (docs/decisions/0017):
// `npm run rng:evidence` (about ten minutes on two cores). Draws from the CSPRNG (fresh server
// seeds for dice and crash, `cryptoRng` for the rest), tests every distribution by chi-square at
// the 99 % level and writes docs/randomness/report.md. `-- --quick` runs a tenth of it (a check
// of the script itself).
// The unit tests in src/evidence run the same collectors on fixed seeds, ten times shorter.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ChiSquare, SIGNIFICANCE } from '../src/evidence/chi-square';
import {
  type CrashEvidence,
  crashChainEvidence,
  diceRollBins,
  scaledDraws,
  slotEvidence,
} from '../src/evidence/outcomes';
import { cryptoRng, newServerSeed } from '../src/rng';
import { SLOT_MODEL_1 } from '../src/slot/model-1';

const quick = process.argv.includes('--quick');
const scale = quick ? 10 : 1;
const DRAWS = 10_000_000 / scale;
const DICE_ROLLS = 10_000_000 / scale;
const CRASH_ROUNDS = 10_000_000 / scale;
const SLOT_ROUNDS = 2_000_000 / scale;
const out = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/randomness/report.md');

const count = (n: number) => n.toLocaleString('en');
const p = (t: ChiSquare) => (t.pValue < 1e-4 ? t.pValue.toExponential(2) : t.pValue.toFixed(4));
const verdict = (t: ChiSquare) => (t.pass ? 'pass' : '**FAIL**');
const row = (name: string, t: ChiSquare) =>
  `| ${name} | ${t.df} | ${t.statistic.toFixed(2)} | ${p(t)} | ${verdict(t)} |`;
const HEAD = ['| Test | df | χ² | p-value | Result |', '|---|---:|---:|---:|---|'];

function timed<T>(label: string, run: () => T): T {
  const started = Date.now();
  const result = run();
  console.error(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

const tests: ChiSquare[] = [];
const keep = (t: ChiSquare) => {
  tests.push(t);
  return t;
};

const rng = cryptoRng();
const ranges = [37, 49].map((n) => ({ n, ...timed(`range ${n}`, () => scaledDraws(rng, n, DRAWS)) }));
const dice = timed('dice', () => diceRollBins(() => newServerSeed(), DICE_ROLLS));
const crash: CrashEvidence = timed('crash', () => crashChainEvidence(newServerSeed(), CRASH_ROUNDS));
const slot = timed('slot', () => slotEvidence(SLOT_MODEL_1, rng, SLOT_ROUNDS, 20n));

const lines: string[] = [
  '# Randomness evidence: chi-square tests',
  '',
  `Written by \`npm run rng:evidence${quick ? ' -- --quick' : ''}\` on ${new Date().toISOString()} (Node ${process.version}).`,
  `Every test is Pearson's chi-square at the 99 % level: a distribution passes when p ≥ ${SIGNIFICANCE}.`,
  'Among many tests from a fair source about 1 in 100 fails by chance alone; a failure is re-run before it counts.',
  'How to read and re-run this: docs/decisions/0017-randomness-evidence.md.',
  '',
  '## Scaled CSPRNG draws (`cryptoRng`, rejection sampling)',
  '',
  ...HEAD,
  ...ranges.map(({ n, test }) => row(`${count(DRAWS)} draws below ${n}`, keep(test))),
  '',
  '## Dice',
  '',
  `${count(DICE_ROLLS)} rolls, a fresh server seed every 10,000 nonces, grouped in 100 bins (0.00–0.99 … 99.00–99.99).`,
  '',
  ...HEAD,
  row('rolls in 100 bins', keep(dice.test)),
  '',
  '## Crash',
  '',
  `${count(CRASH_ROUNDS)} rounds of one hash chain from a fresh seed. The share of rounds busting at or above x against 0.97 / x:`,
  '',
  '| x | seen | 0.97 / x | difference in σ |',
  '|---:|---:|---:|---:|',
  ...crash.tail.map(({ threshold, seen, expected }) => {
    const sd = Math.sqrt((expected * (1 - expected)) / CRASH_ROUNDS);
    return `| ${(threshold / 100).toFixed(2)}× | ${seen.toFixed(6)} | ${expected.toFixed(6)} | ${((seen - expected) / sd).toFixed(2)} |`;
  }),
  '',
  ...HEAD,
  row('bust points in the 9 bins the thresholds cut', keep(crash.test)),
  '',
  `## Slot (${SLOT_MODEL_1.version})`,
  '',
  `${count(SLOT_ROUNDS)} rounds (${count(slot.spins)} spins with the free spins), drawn from \`cryptoRng\`.`,
  '',
  ...HEAD,
  ...slot.stops.map((t, reel) => row(`reel ${reel + 1}: stops over ${t.df + 1} strip positions`, keep(t))),
  ...slot.lineSymbols.map(({ test }, reel) =>
    row(`reel ${reel + 1}: symbols on the middle line vs the strip`, keep(test)),
  ),
  '',
];
const failed = tests.filter((t) => !t.pass).length;
lines.push(`**${tests.length - failed} of ${tests.length} tests pass at the 99 % level.**`, '');

mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, lines.join('\n'));
console.error(`${tests.length - failed}/${tests.length} pass; wrote ${out}`);
