import type { DiceBetValue, DiceSeedsValue } from '@khela/contract/dice';
import { diceRoll } from '@khela/games/fair/dice';
import { serverSeedHash } from '@khela/games/fair/seed-hash';
import { h } from '../dom';
import { type FormatMoney, isLess, minus } from '../money';
import type { Translate } from '../texts';
import { verifyLink } from './fairness';
import type { DiceFormat } from './format';

/**
 * The page's own check of a revealed bet, with the formulas the fairness page uses: the seed
 * hashes to what was shown before the bet, and HMAC-SHA256(seed, client seed:nonce) gives the roll.
 */
function checked(serverSeed: string, bet: DiceBetValue, t: Translate): HTMLElement {
  const ok =
    serverSeedHash(serverSeed) === bet.serverSeedHash && diceRoll(serverSeed, bet.clientSeed, bet.nonce) === bet.roll;
  return h('p', { className: ok ? 'verified' : 'verify-failed' }, t(ok ? 'dice.verified' : 'dice.verifyFailed'));
}

/** Rows kept on screen; older bets stay in the records and verify the same way. */
const KEPT = 50;

/**
 * This session's bets, newest first, each with what a verifier needs: the server seed's hash,
 * the client seed and the nonce — and the server seed itself once a rotation revealed it.
 */
export class BetHistory {
  readonly element: HTMLElement;
  private readonly list = h('ol', { className: 'history-list' });
  private readonly empty: HTMLElement;
  private readonly revealed = new Map<string, string>();
  private readonly rows: { bet: DiceBetValue; verify: HTMLElement }[] = [];

  constructor(
    private readonly t: Translate,
    private readonly fmt: DiceFormat,
    private readonly money: FormatMoney,
  ) {
    this.empty = h('p', { className: 'note' }, t('dice.historyEmpty'));
    this.element = h(
      'section',
      { className: 'history', 'aria-labelledby': 'dice-history-title' },
      h('h2', { id: 'dice-history-title' }, t('dice.history')),
      this.empty,
      this.list,
    );
  }

  add(bet: DiceBetValue) {
    const { t, fmt } = this;
    const won = isLess('0', bet.win);
    const verify = h('div', { className: 'verify' });
    const row = h(
      'li',
      { className: won ? 'won' : 'lost' },
      h(
        'div',
        { className: 'history-row' },
        h('span', { className: 'nonce' }, `#${fmt.count(bet.nonce)}`),
        h('span', {}, `${t(bet.side === 'under' ? 'dice.under' : 'dice.over')} ${fmt.hundredths(bet.target)}`),
        h('strong', { className: 'roll' }, fmt.hundredths(bet.roll)),
        // The net result, like a statement: the payout less the stake, or the stake lost.
        h(
          'span',
          { className: 'amount' },
          won ? `+${this.money(minus(bet.win, bet.stake))}` : `−${this.money(bet.stake)}`,
        ),
      ),
      h('details', {}, h('summary', {}, t('dice.verify')), verify),
    );
    this.rows.unshift({ bet, verify });
    this.fillVerify(bet, verify);
    this.list.prepend(row);
    while (this.rows.length > KEPT) {
      this.rows.pop();
      this.list.lastElementChild?.remove();
    }
    this.empty.hidden = true;
  }

  /** A rotation revealed a server seed: the bets it served can now be checked. */
  seedsChanged(seeds: DiceSeedsValue) {
    const p = seeds.previous;
    if (!p || this.revealed.has(p.serverSeedHash)) return;
    this.revealed.set(p.serverSeedHash, p.serverSeed);
    for (const { bet, verify } of this.rows) if (bet.serverSeedHash === p.serverSeedHash) this.fillVerify(bet, verify);
  }

  private fillVerify(bet: DiceBetValue, el: HTMLElement) {
    const { t } = this;
    const serverSeed = this.revealed.get(bet.serverSeedHash);
    const line = (label: string, value: string) =>
      h(
        'div',
        { className: 'field' },
        h('span', { className: 'label' }, label),
        h('code', { className: 'seed' }, value),
      );
    el.replaceChildren(
      line(t('dice.serverSeedHash'), bet.serverSeedHash),
      serverSeed ? line(t('dice.serverSeed'), serverSeed) : h('p', { className: 'hint' }, t('dice.rotateToVerify')),
      serverSeed ? checked(serverSeed, bet, t) : '',
      line(t('dice.clientSeed'), bet.clientSeed),
      line(t('dice.nonce'), String(bet.nonce)),
      line(t('dice.rollValue'), String(bet.roll)),
      h(
        'a',
        {
          href: verifyLink({
            serverSeed,
            serverSeedHash: bet.serverSeedHash,
            clientSeed: bet.clientSeed,
            nonce: bet.nonce,
          }),
          target: '_blank',
          rel: 'noopener',
        },
        t('dice.verifyLink'),
      ),
    );
  }
}
