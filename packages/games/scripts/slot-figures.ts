// Prints the slot model's figures for the README: `npm run figures --workspace @khela/games`.
import { SLOT_MODEL_1 } from '../src/slot/model-1';
import { exactRtp, roundStatistics, toDecimal } from '../src/slot/rtp';

const model = SLOT_MODEL_1;
const exact = exactRtp(model);
const started = Date.now();
const stats = roundStatistics(model);
const pct = (x: number) => `${(100 * x).toFixed(2)} %`;
console.log(`model            ${model.version}`);
console.log(`RTP (exact)      ${toDecimal(exact.rtp, 6)} = ${exact.rtp.num}/${exact.rtp.den}`);
console.log(`  line pays      ${toDecimal(exact.lines, 6)}`);
console.log(`  scatter pays   ${toDecimal(exact.scatter, 6)}`);
console.log(`  free spins     ${toDecimal(exact.freeSpins, 6)}`);
console.log(`RTP (by stops)   ${stats.rtp.toFixed(6)}`);
console.log(`hit rate         ${pct(stats.hitRate)}`);
console.log(`free spins       1 in ${(1 / stats.triggerRate).toFixed(1)} spins`);
console.log(`volatility       ${stats.stdDev.toFixed(2)} stakes (std dev per round)`);
console.log(`max win          ${stats.maxWin.toFixed(0)} × stake`);
console.log(
  `(enumerated ${model.strips.reduce((n, s) => n * s.length, 1).toLocaleString('en')} stop combinations in ${Date.now() - started} ms)`,
);
