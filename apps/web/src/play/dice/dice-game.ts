import type { DiceBetRequest, DiceBetValue, DiceInfo, DiceSeedsValue } from '@khela/contract/dice';
import { readNumber } from '@khela/contract/format';
import { fromMinor, toMinor } from '@khela/contract/money';
import type { DiceSide } from '@khela/games/fair/dice';
import { diceChance, diceMultiplier, diceTargetOffered } from '@khela/games/fair/dice';
import { newRequestId, PlayError, type PlaySession } from '../api';
import { h, prefersReducedMotion, wait } from '../dom';
import { type FormatMoney, isLess } from '../money';
import { type Translate, toLocale } from '../texts';
import { type DiceApi, diceApi } from './api';
import {
  type AutoBetPlan,
  type AutoBetState,
  afterBet,
  canStart,
  minorOf,
  type StopReason,
  startAutoBet,
} from './auto-bet';
import { AutoBetForm } from './auto-form';
import { FairnessPanel } from './fairness';
import { type DiceFormat, diceFormat } from './format';
import { BetHistory } from './history';
import './dice.css';

/** Answers after which this session can play no more: the player must relaunch from the lobby. */
const SESSION_ENDED = new Set(['GAME_SESSION_INVALID', 'LAUNCH_TICKET_INVALID', 'UNAUTHORIZED']);

/** The number roll's frames at full motion, and the pause between auto-bets (keeps under the rate limit). */
const ROLL_FRAMES = 12;
const FRAME_MS = 45;
const AUTO_GAP_MS = 350;

/** Why auto-bet stopped, as the player reads it. */
const STOPPED: Record<StopReason | 'player', string> = {
  done: 'dice.stoppedDone',
  profit: 'dice.stoppedProfit',
  loss: 'dice.stoppedLoss',
  win: 'dice.stoppedWin',
  lose: 'dice.stoppedLose',
  funds: 'dice.stoppedFunds',
  stakeLimit: 'dice.stoppedStakeLimit',
  player: 'dice.stoppedPlayer',
};

/**
 * The dice game (decision 0016): target, under/over, live chance and payout from the very
 * formulas the server uses (@khela/games fair/dice.ts), stake, roll, auto-bet, this session's
 * bets and the fairness panel. Money shown always comes from the server's answers. A bet whose
 * answer was lost keeps its requestId; the next press retries it, so no second bet is placed.
 */
export class DiceGame {
  readonly element: HTMLElement;
  private readonly info: DiceInfo;
  private readonly api: DiceApi;
  private readonly fmt: DiceFormat;
  private readonly lang: string;
  private readonly stakes: bigint[];
  private readonly fairness: FairnessPanel;
  private readonly history: BetHistory;
  private readonly autoForm: AutoBetForm;
  private target = 4950;
  private side: DiceSide = 'under';
  private stakeIndex = 0;
  private balance: string;
  private busy = false;
  private ended = false;
  private pending: DiceBetRequest | null = null;
  private auto: { plan: AutoBetPlan; state: AutoBetState; stopRequested: boolean } | null = null;

  private readonly ui = {
    balance: h('strong', { className: 'amount' }),
    result: h('output', { className: 'dice-result', 'aria-live': 'off' }),
    resultNote: h('p', { className: 'dice-note', 'aria-live': 'polite' }),
    slider: h('input', { type: 'range', id: 'dice-target-range', min: '0', max: '9999', step: '1' }),
    // Text, not type=number: a number field refuses Bengali digits, and this one takes both.
    number: h('input', {
      type: 'text',
      id: 'dice-target',
      inputmode: 'decimal',
      autocomplete: 'off',
    }),
    under: h('button', { type: 'button', className: 'side' }),
    over: h('button', { type: 'button', className: 'side' }),
    chance: h('output', { className: 'stat-value' }),
    multiplier: h('output', { className: 'stat-value' }),
    profit: h('output', { className: 'stat-value' }),
    stake: h('output', { className: 'amount', id: 'dice-stake' }),
    stakeDown: h('button', { type: 'button', className: 'step' }, '−'),
    stakeUp: h('button', { type: 'button', className: 'step' }, '+'),
    roll: h('button', { type: 'button', className: 'spin roll' }),
    autoToggle: h('button', { type: 'button', className: 'secondary' }),
    message: h('div', { className: 'message', role: 'alert', hidden: true }),
  };

  constructor(
    session: PlaySession,
    private readonly t: Translate,
    private readonly money: FormatMoney,
  ) {
    const open = session.open;
    if (!open.dice) throw new Error('DiceGame needs the dice info in the open answer');
    this.info = open.dice;
    this.api = diceApi(session);
    this.lang = toLocale(open.language);
    this.fmt = diceFormat(this.lang);
    this.stakes = this.info.stakes.map((s) => minorOf(s) ?? 0n);
    this.balance = open.balance;
    this.history = new BetHistory(t, this.fmt, money);
    this.fairness = new FairnessPanel(this.api, t, this.fmt, (s: DiceSeedsValue) => this.history.seedsChanged(s));
    this.autoForm = new AutoBetForm(t, this.lang);
    const { ui } = this;
    ui.under.textContent = t('dice.under');
    ui.over.textContent = t('dice.over');
    ui.stakeDown.setAttribute('aria-label', t('play.stakeDown'));
    ui.stakeUp.setAttribute('aria-label', t('play.stakeUp'));
    ui.slider.setAttribute('aria-label', t('dice.target'));
    ui.result.textContent = this.fmt.hundredths(0);

    const stat = (label: string, value: HTMLElement) =>
      h('div', { className: 'stat' }, h('span', { className: 'label' }, label), value);
    const edge = this.info.edgeBasisPoints / 100;
    this.element = h(
      'main',
      { className: 'dice' },
      h(
        'header',
        { className: 'top' },
        h('h1', {}, open.gameName),
        open.playMoney ? h('span', { className: 'play-money' }, t('play.playMoney')) : '',
        h('div', { className: 'box' }, h('span', { className: 'label' }, t('play.balance')), ui.balance),
      ),
      h(
        'div',
        { className: 'dice-board' },
        h(
          'section',
          { className: 'dice-play', 'aria-label': t('dice.bet') },
          h('div', { className: 'dice-stage' }, ui.result, ui.resultNote),
          ui.message,
          h(
            'div',
            { className: 'field' },
            h('label', { className: 'label', for: 'dice-target' }, t('dice.target')),
            h('div', { className: 'row' }, ui.slider, ui.number),
          ),
          h('div', { className: 'sides', role: 'group', 'aria-label': t('dice.sideLabel') }, ui.under, ui.over),
          h(
            'div',
            { className: 'stats' },
            stat(t('dice.chance'), ui.chance),
            stat(t('dice.multiplier'), ui.multiplier),
            stat(t('dice.profitOnWin'), ui.profit),
          ),
          h(
            'div',
            { className: 'dice-controls' },
            h(
              'div',
              { className: 'box stake-box' },
              h('label', { className: 'label', for: 'dice-stake' }, t('play.stake')),
              h('div', { className: 'stepper' }, ui.stakeDown, ui.stake, ui.stakeUp),
            ),
            ui.roll,
          ),
          h('p', { className: 'note' }, t('dice.edge', { edge, rtp: 100 - edge })),
          h('div', { className: 'dice-auto' }, this.autoForm.element, ui.autoToggle),
        ),
        h('div', { className: 'dice-side' }, this.history.element, this.fairness.element),
      ),
    );

    ui.slider.addEventListener('input', () => this.setTarget(Number(ui.slider.value)));
    ui.number.addEventListener('change', () => {
      const typed = readNumber(ui.number.value, this.lang);
      // Nothing readable keeps the target (setTarget ignores NaN) and writes it back.
      this.setTarget(/^\d+(\.\d*)?$/.test(typed) ? Math.round(Number(typed) * 100) : Number.NaN);
    });
    ui.under.addEventListener('click', () => this.setSide('under'));
    ui.over.addEventListener('click', () => this.setSide('over'));
    ui.stakeDown.addEventListener('click', () => this.setStake(this.stakeIndex - 1));
    ui.stakeUp.addEventListener('click', () => this.setStake(this.stakeIndex + 1));
    ui.roll.addEventListener('click', () => void this.roll());
    ui.autoToggle.addEventListener('click', () => (this.auto ? this.stopAuto() : void this.startAuto()));

    this.showBalance(this.balance);
    this.setStake(0);
    this.setTarget(this.target);
    void this.fairness.load();
  }

  /** Space or Enter anywhere but on a control rolls (a focused control keeps its own keys). */
  onKey(e: KeyboardEvent) {
    if ((e.key !== ' ' && e.key !== 'Enter') || !this.element.isConnected) return;
    const target = e.target as HTMLElement | null;
    if (target?.closest('button, a, input, select, textarea, summary, label')) return;
    e.preventDefault();
    void this.roll();
  }

  /** The wallet's decimals, as the server writes its stakes ('1.00' → 2). */
  private get decimals(): number {
    return (this.info.stakes[0]?.split('.')[1] ?? '').length;
  }

  private get stake(): string {
    return this.info.stakes[this.stakeIndex] ?? '0';
  }

  /** Keeps the target within the offered chances of the side (the slider's ends are clamped). */
  private setTarget(value: number) {
    const bounds =
      this.side === 'under'
        ? [this.info.minChance, this.info.maxChance]
        : [9999 - this.info.maxChance, 9999 - this.info.minChance];
    const [lo, hi] = bounds as [number, number];
    this.target = Number.isFinite(value) ? Math.max(lo, Math.min(hi, Math.round(value))) : this.target;
    this.render();
  }

  /** Switching sides mirrors the target, so the win chance stays what the player set. */
  private setSide(side: DiceSide) {
    if (side === this.side) return;
    this.side = side;
    this.setTarget(9999 - this.target);
  }

  private setStake(index: number) {
    this.stakeIndex = Math.max(0, Math.min(this.stakes.length - 1, index));
    this.render();
  }

  private showBalance(amount: string) {
    this.ui.balance.textContent = this.money(amount);
  }

  /** The live numbers and what the player may do now. */
  private render() {
    const { ui, fmt } = this;
    ui.slider.value = String(this.target);
    ui.number.value = fmt.target(this.target);
    ui.slider.setAttribute('aria-valuetext', fmt.hundredths(this.target));
    ui.under.setAttribute('aria-pressed', String(this.side === 'under'));
    ui.over.setAttribute('aria-pressed', String(this.side === 'over'));
    if (diceTargetOffered(this.target, this.side)) {
      const multiplier = diceMultiplier(this.target, this.side);
      ui.chance.textContent = fmt.chance(diceChance(this.target, this.side));
      ui.multiplier.textContent = fmt.multiplier(multiplier);
      // In the wallet's decimals and rounded down, exactly as the server pays (diceWin).
      const stake = toMinor(this.stake, this.decimals) ?? 0n;
      const profit = (stake * BigInt(multiplier)) / 10_000n - stake;
      ui.profit.textContent = this.money(fromMinor(profit, this.decimals));
    }
    ui.stake.textContent = this.money(this.stake);
    const locked = this.busy || this.ended || this.auto !== null;
    const stakeLocked = locked || this.pending !== null;
    for (const el of [ui.slider, ui.number, ui.under, ui.over]) el.disabled = stakeLocked;
    ui.stakeDown.disabled = stakeLocked || this.stakeIndex === 0;
    ui.stakeUp.disabled = stakeLocked || this.stakeIndex >= this.stakes.length - 1;
    ui.roll.disabled = locked;
    ui.roll.textContent = this.pending ? this.t('play.retry') : this.t('dice.roll');
    ui.autoToggle.disabled = this.ended || (this.busy && !this.auto) || this.pending !== null;
    ui.autoToggle.textContent = this.auto
      ? this.t('dice.autoStop', { count: this.fmt.count(this.autoLeft) })
      : this.t('dice.autoStart');
    this.autoForm.disabled = this.auto !== null;
    this.fairness.lock(this.busy || this.auto !== null);
    this.element?.classList.toggle('is-busy', this.busy);
  }

  private get autoLeft(): number {
    return this.auto ? this.auto.plan.bets - this.auto.state.placed : 0;
  }

  private showMessage(text: string | null) {
    this.ui.message.hidden = text === null;
    this.ui.message.textContent = text ?? '';
  }

  /** Places one bet (or retries the one whose answer was lost); null when refused. */
  private async roll(): Promise<DiceBetValue | null> {
    if (this.busy || this.ended) return null;
    const request = this.pending ?? {
      stake: this.stake,
      target: this.target,
      side: this.side,
      requestId: newRequestId(),
    };
    this.busy = true;
    this.showMessage(null);
    this.render();
    let bet: DiceBetValue;
    try {
      [bet] = await Promise.all([this.api.bet(request), this.spinNumber()]);
    } catch (e) {
      this.refused(e, request);
      return null;
    }
    this.pending = null;
    await this.show(bet);
    this.busy = false;
    this.render();
    return bet;
  }

  /** The number runs while the bet is in flight (nothing at reduced motion). */
  private async spinNumber() {
    if (prefersReducedMotion()) return;
    this.element.classList.add('is-rolling');
    for (let i = 0; i < ROLL_FRAMES; i++) {
      // Display only: the result always comes from the server.
      this.ui.result.textContent = this.fmt.hundredths(Math.floor(Math.random() * 10_000));
      await wait(FRAME_MS);
    }
    this.element.classList.remove('is-rolling');
  }

  private async show(bet: DiceBetValue) {
    const { ui, t, fmt } = this;
    const won = isLess('0', bet.win);
    ui.result.textContent = fmt.hundredths(bet.roll);
    this.element.classList.toggle('is-won', won);
    this.element.classList.toggle('is-lost', !won);
    ui.resultNote.textContent = won
      ? t('dice.resultWin', { roll: fmt.hundredths(bet.roll), amount: this.money(bet.win) })
      : t('dice.resultLose', { roll: fmt.hundredths(bet.roll) });
    this.balance = bet.balance;
    this.showBalance(bet.balance);
    this.history.add(bet);
    this.fairness.used(bet.nonce);
    await wait(prefersReducedMotion() ? 0 : 150);
  }

  private refused(e: unknown, request: DiceBetRequest) {
    const error = e instanceof PlayError ? e : new PlayError('NETWORK', 'errors.NETWORK');
    this.element.classList.remove('is-rolling');
    // Unknown outcome: keep the request so the retry cannot place a second bet.
    this.pending = error.code === 'NETWORK' ? request : null;
    this.ended = SESSION_ENDED.has(error.code);
    const text = this.t(error.messageKey);
    this.showMessage(this.ended ? `${text} ${this.t('play.openFromLobby')}` : text);
    this.busy = false;
    this.auto = null;
    this.render();
  }

  private async startAuto() {
    const plan = this.autoForm.read();
    if (!plan || this.busy || this.ended) return;
    let state = startAutoBet(this.stakeIndex);
    const before = canStart(plan, this.stakes, state, minorOf(this.balance) ?? 0n);
    if (before) return this.autoStopped(before);
    this.auto = { plan, state, stopRequested: false };
    this.render();
    for (;;) {
      const bet = await this.roll();
      // A refused bet has already stopped auto-bet and said why.
      if (!bet || !this.auto) return;
      const next = afterBet(plan, this.stakes, state, {
        stake: minorOf(bet.stake) ?? 0n,
        win: minorOf(bet.win) ?? 0n,
        won: bet.side === 'under' ? bet.roll < bet.target : bet.roll > bet.target,
        balance: minorOf(bet.balance) ?? 0n,
      });
      state = next.state;
      this.auto.state = state;
      this.stakeIndex = state.stakeIndex;
      if (next.stop || this.auto.stopRequested) return this.autoStopped(next.stop);
      this.render();
      await wait(AUTO_GAP_MS);
      if (this.auto?.stopRequested) return this.autoStopped(null);
    }
  }

  private stopAuto() {
    if (this.auto) this.auto.stopRequested = true;
  }

  private autoStopped(reason: StopReason | null) {
    this.auto = null;
    this.ui.resultNote.textContent = this.t(STOPPED[reason ?? 'player']);
    this.render();
  }
}
