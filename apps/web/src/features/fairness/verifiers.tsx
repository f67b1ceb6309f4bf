import { useTranslation } from 'react-i18next';
import { currencySymbol, useFormat } from '../../lib/format';
import { useSystemStatus } from '../../lib/system';
import { VerifierForm } from './verifier-form';
import {
  type CrashFields,
  type DiceFields,
  SLOT_MODELS,
  type SlotFields,
  verifyCrash,
  verifyDice,
  verifySlot,
} from './verify';

/** What a deep link pre-filled (`?game=dice&serverSeed=…`), and whether to check it at once. */
export type VerifierProps = { initial: Record<string, string>; autoVerify: boolean };

function YesNo({ label, value }: { label: string; value: boolean | undefined }) {
  const { t } = useTranslation();
  if (value === undefined) return null;
  return (
    <div className={`fair-row ${value ? 'is-yes' : 'is-no'}`}>
      <dt>{label}</dt>
      <dd>{value ? t('fairness.yes') : t('fairness.no')}</dd>
    </div>
  );
}

export function CrashVerifier({ initial, autoVerify }: VerifierProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <VerifierForm<keyof CrashFields, ReturnType<typeof verifyCrash> & { ok: true }>
      title={t('fairness.verifyTitle')}
      hint={t('fairness.crash.hint')}
      fields={[
        { name: 'hash', label: t('fairness.crash.hash'), code: true },
        { name: 'previousHash', label: t('fairness.crash.previousHash'), optional: true, code: true },
        { name: 'terminatingHash', label: t('fairness.crash.terminatingHash'), optional: true, code: true },
        { name: 'round', label: t('fairness.crash.round'), optional: true, inputMode: 'numeric' },
      ]}
      initial={initial}
      autoVerify={autoVerify}
      verify={verifyCrash}
      render={(r) => (
        <dl className="fair-rows">
          <div className="fair-row is-main">
            <dt>{t('fairness.crash.bust')}</dt>
            <dd>{fmt.multiplier(r.bust / 100)}</dd>
          </div>
          <YesNo label={t('fairness.crash.linksPrevious')} value={r.linksPrevious} />
          <YesNo label={t('fairness.crash.linksTerminating')} value={r.linksTerminating} />
        </dl>
      )}
    />
  );
}

export function DiceVerifier({ initial, autoVerify }: VerifierProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <VerifierForm<keyof DiceFields, ReturnType<typeof verifyDice> & { ok: true }>
      title={t('fairness.verifyTitle')}
      fields={[
        { name: 'serverSeed', label: t('fairness.dice.serverSeed'), code: true },
        { name: 'clientSeed', label: t('fairness.dice.clientSeed') },
        { name: 'nonce', label: t('fairness.dice.nonce'), inputMode: 'numeric' },
        { name: 'serverSeedHash', label: t('fairness.dice.serverSeedHash'), optional: true, code: true },
        { name: 'target', label: t('fairness.dice.target'), optional: true, inputMode: 'decimal' },
        {
          name: 'side',
          label: t('fairness.dice.side'),
          options: [
            { value: 'under', label: t('fairness.dice.under') },
            { value: 'over', label: t('fairness.dice.over') },
          ],
        },
      ]}
      initial={initial}
      autoVerify={autoVerify}
      verify={verifyDice}
      render={(r) => (
        <dl className="fair-rows">
          <div className="fair-row is-main">
            <dt>{t('fairness.dice.roll')}</dt>
            <dd>{fmt.decimal(r.roll / 100, 2)}</dd>
          </div>
          <YesNo label={t('fairness.dice.hashMatches')} value={r.hashMatches} />
          {r.bet && (
            <div className={`fair-row ${r.bet.won ? 'is-yes' : 'is-no'}`}>
              <dt>
                {t('fairness.dice.bet')}: {t(`fairness.dice.${r.bet.side}`)} {fmt.decimal(r.bet.target / 100, 2)}
              </dt>
              <dd>
                {r.bet.won
                  ? t('fairness.dice.won', {
                      multiplier: fmt.number(r.bet.multiplier / 10_000, { min: 2, max: 4 }),
                    })
                  : t('fairness.dice.lost')}
              </dd>
            </div>
          )}
        </dl>
      )}
    />
  );
}

export function SlotVerifier({ initial, autoVerify }: VerifierProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const num = (n: number) => fmt.count(n);
  const brand = useSystemStatus().data?.brand;
  const decimals = brand?.currencyDecimals ?? 2;
  const money = (minor: bigint) => fmt.money(minor, { decimals, symbol: currencySymbol(false, brand?.currencySymbol) });
  const symbol = (id: string) => t(`fairness.slot.symbols.${id}`, { defaultValue: id });
  const versions = Object.keys(SLOT_MODELS);
  return (
    <VerifierForm<keyof SlotFields, ReturnType<typeof verifySlot> & { ok: true }>
      title={t('fairness.verifyTitle')}
      fields={[
        { name: 'serverSeed', label: t('fairness.slot.serverSeed'), code: true },
        { name: 'serverSeedHash', label: t('fairness.slot.serverSeedHash'), optional: true, code: true },
        { name: 'model', label: t('fairness.slot.model'), options: versions.map((v) => ({ value: v, label: v })) },
        { name: 'stake', label: t('fairness.slot.stake'), inputMode: 'decimal' },
      ]}
      initial={initial}
      autoVerify={autoVerify}
      verify={(values) => verifySlot(values, decimals)}
      render={({ round, hashMatches }) => (
        <>
          <ol className="fair-spins">
            {round.spins
              .map((spin, n) => ({ spin, n }))
              .map(({ spin, n }) => (
                <li key={n} className="fair-spin">
                  <h4>
                    {spin.kind === 'base' ? t('fairness.slot.baseSpin') : t('fairness.slot.freeSpin', { n: num(n) })}
                  </h4>
                  <p>{t('fairness.slot.stops', { stops: spin.stops.map(num).join(', ') })}</p>
                  <SlotWindow grid={spin.window} symbol={symbol} num={num} />
                  <ul className="fair-wins">
                    {spin.lines.map((l) => (
                      <li key={l.line}>
                        {t('fairness.slot.lineWin', {
                          line: num(l.line + 1),
                          count: num(l.count),
                          symbol: symbol(l.symbol),
                          win: money(l.win),
                        })}
                      </li>
                    ))}
                    {spin.scatter.win > 0n && (
                      <li>
                        {t('fairness.slot.scatterWin', {
                          count: num(spin.scatter.count),
                          win: money(spin.scatter.win),
                        })}
                      </li>
                    )}
                  </ul>
                  <p>{t('fairness.slot.spinWin', { win: money(spin.win) })}</p>
                </li>
              ))}
          </ol>
          <dl className="fair-rows">
            <div className="fair-row is-main">
              <dt>{t('fairness.slot.totalWin')}</dt>
              <dd>{money(round.win)}</dd>
            </div>
            <YesNo label={t('fairness.slot.hashMatches')} value={hashMatches} />
          </dl>
        </>
      )}
    />
  );
}

/** The symbols a spin shows, reels as columns (positions are fixed per model, so they key the cells). */
function SlotWindow({
  grid,
  symbol,
  num,
}: {
  grid: string[][];
  symbol: (id: string) => string;
  num: (n: number) => string;
}) {
  const { t } = useTranslation();
  const reels = grid.map((_, i) => i);
  const rows = (grid[0] ?? []).map((_, i) => i);
  return (
    <table className="fair-window">
      <caption>{t('fairness.slot.window')}</caption>
      <thead>
        <tr>
          {reels.map((reel) => (
            <th key={reel} scope="col">
              {t('fairness.slot.reel', { n: num(reel + 1) })}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row}>
            {reels.map((reel) => (
              <td key={reel}>{symbol(grid[reel]?.[row] as string)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
