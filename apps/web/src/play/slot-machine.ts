import type { PlayOpenValue, SlotInfo, SlotSpinRequest, SlotSpinValue, slotSpinCall } from '@khela/contract/inhouse';
import { PLAY_ENDPOINTS } from '@khela/contract/play-endpoints';
import { newRequestId, PlayError, type PlaySession } from './api';
import { h, prefersReducedMotion, wait } from './dom';
import { fairnessHref, fairnessLink } from './fairness-link';
import { type FormatMoney, fraction, isLess, minus, plus } from './money';
import { paytablePanel } from './paytable';
import { Reels } from './reels';
import { spriteElement, symbolArt } from './symbols';
import type { Translate } from './texts';

/** Autoplay runs offered; it stops early on a free-spins win or a short balance. */
export const AUTOPLAY_RUNS = [10, 25, 50] as const;

/** Answers after which this session can play no more: the player must relaunch from the lobby. */
const SESSION_ENDED = new Set(['GAME_SESSION_INVALID', 'LAUNCH_TICKET_INVALID', 'UNAUTHORIZED']);

/** How long each part of a round's presentation lasts at full motion (ms). */
const TIMING = { lineWin: 900, countUp: 900, banner: 1800, betweenFreeSpins: 350, autoplayGap: 500 };

/**
 * The slot machine: stake, balance, spin, autoplay, and the round's presentation. Money shown
 * always comes from the server's answers; a refused spin changes nothing on screen but the
 * message. A spin whose answer was lost keeps its requestId, and the next press retries that
 * same request, so the server answers the first round instead of placing a second one.
 */
export class SlotMachine {
  readonly element: HTMLElement;
  private readonly info: SlotInfo;
  private readonly reels: Reels;
  private stakeIndex = 0;
  private balance: string;
  private busy = false;
  private ended = false;
  /** Set while the last spin's outcome is unknown (network failure): the retry reuses it. */
  private pending: SlotSpinRequest | null = null;
  private autoplayLeft = 0;
  /** Set by a tap during the presentation: the rest plays as a quick change. */
  private hurry = false;

  private readonly ui: {
    balance: HTMLElement;
    stake: HTMLOutputElement;
    stakeDown: HTMLButtonElement;
    stakeUp: HTMLButtonElement;
    spin: HTMLButtonElement;
    auto: HTMLButtonElement;
    autoMenu: HTMLElement;
    win: HTMLElement;
    winNote: HTMLElement;
    banner: HTMLElement;
    message: HTMLElement;
    messageText: HTMLElement;
    retry: HTMLButtonElement;
    live: HTMLElement;
    info: HTMLButtonElement;
    panel: HTMLElement;
    seedHash: HTMLElement;
    lastRound: HTMLElement;
  };

  constructor(
    private readonly session: PlaySession,
    private readonly t: Translate,
    private readonly money: FormatMoney,
  ) {
    const open: PlayOpenValue = session.open;
    if (!open.slot) throw new Error('SlotMachine needs the slot model in the open answer');
    this.info = open.slot;
    this.balance = open.balance;
    const art = symbolArt(this.info.symbols);
    this.reels = new Reels(this.info, art);

    const button = (cls: string, label: string, text: string) =>
      h('button', { type: 'button', className: cls, 'aria-label': label }, text);
    const ui = {
      balance: h('strong', { className: 'amount', id: 'balance' }),
      stake: h('output', { className: 'amount', id: 'stake', 'aria-live': 'off' }),
      stakeDown: button('step', t('play.stakeDown'), '−'),
      stakeUp: button('step', t('play.stakeUp'), '+'),
      spin: h('button', { type: 'button', className: 'spin' }, t('play.spin')),
      auto: h('button', { type: 'button', className: 'auto', 'aria-expanded': 'false' }, t('play.autoplay')),
      autoMenu: h('div', { className: 'auto-menu', role: 'group', 'aria-label': t('play.autoplayMenu'), hidden: true }),
      win: h('strong', { className: 'win-amount' }),
      winNote: h('span', { className: 'win-note' }),
      banner: h('div', { className: 'banner', hidden: true }),
      message: h('div', { className: 'message', role: 'alert', hidden: true }),
      messageText: h('span', { className: 'message-text' }),
      retry: h('button', { type: 'button', className: 'retry', hidden: true }, t('play.retry')),
      live: h('div', { className: 'sr-only', 'aria-live': 'polite', 'aria-atomic': 'true' }),
      info: h('button', { type: 'button', className: 'info-button', 'aria-label': t('play.info') }, 'i'),
      panel: h('div'),
      seedHash: h('code', { className: 'seed' }),
      lastRound: h('p', { className: 'fair-last', hidden: true }),
    };
    this.ui = ui;
    ui.message.append(ui.messageText, ui.retry);
    for (const n of AUTOPLAY_RUNS) {
      const b = h('button', { type: 'button' }, t('play.autoplaySpins', { count: n }));
      b.addEventListener('click', () => this.startAutoplay(n));
      ui.autoMenu.append(b);
    }
    const { panel, focusTarget } = paytablePanel(this.info, art, t, () => this.toggleInfo(false));
    ui.panel = panel;

    const stage = h(
      'div',
      { className: 'stage', role: 'img', 'aria-label': t('play.reels') },
      this.reels.element,
      ui.banner,
    );
    this.element = h(
      'main',
      { className: 'machine' },
      spriteElement(art),
      h(
        'header',
        { className: 'top' },
        h('h1', {}, open.gameName),
        open.playMoney ? h('span', { className: 'play-money' }, t('play.playMoney')) : '',
        ui.info,
      ),
      stage,
      h('div', { className: 'winbar' }, h('span', { className: 'label' }, t('play.win')), ui.win, ui.winNote),
      ui.message,
      h(
        'div',
        { className: 'controls' },
        h('div', { className: 'box' }, h('span', { className: 'label' }, t('play.balance')), ui.balance),
        h(
          'div',
          { className: 'box stake-box' },
          h('label', { className: 'label', for: 'stake' }, t('play.stake')),
          h('div', { className: 'stepper' }, ui.stakeDown, ui.stake, ui.stakeUp),
        ),
        ui.spin,
        h('div', { className: 'auto-wrap' }, ui.auto, ui.autoMenu),
      ),
      h(
        'section',
        { className: 'fair', 'aria-label': t('play.howFair') },
        h('p', {}, h('span', { className: 'label' }, t('play.seedHash')), ' ', ui.seedHash),
        ui.lastRound,
        h('p', {}, fairnessLink(t('play.howFair'), fairnessHref('slot'))),
      ),
      ui.live,
      panel,
    );

    ui.stakeDown.addEventListener('click', () => this.setStake(this.stakeIndex - 1));
    ui.stakeUp.addEventListener('click', () => this.setStake(this.stakeIndex + 1));
    ui.spin.addEventListener('click', () => void this.spin());
    ui.retry.addEventListener('click', () => void this.spin());
    ui.auto.addEventListener('click', () => this.onAutoButton());
    ui.info.addEventListener('click', () => {
      this.toggleInfo(true);
      focusTarget.focus();
    });
    stage.addEventListener('click', () => {
      if (this.busy) this.hurry = true;
    });

    this.setStake(0);
    // The hash of the seed the next round will use, shown before the spin (the seed comes with its outcome).
    ui.seedHash.textContent = open.slotSeedHash ?? '';
    this.showBalance(this.balance);
    this.ui.win.textContent = this.money('0');
    this.render();
  }

  /** Space or Enter anywhere but on a control spins (a focused button keeps its own keys). */
  onKey(e: KeyboardEvent) {
    if ((e.key !== ' ' && e.key !== 'Enter') || !this.element.isConnected) return;
    const target = e.target as HTMLElement | null;
    if (target?.closest('button, a, input, select, textarea, [role="dialog"]')) return;
    e.preventDefault();
    void this.spin();
  }

  get stake(): string {
    return this.info.stakes[this.stakeIndex] ?? '0';
  }

  private setStake(index: number) {
    this.stakeIndex = Math.max(0, Math.min(this.info.stakes.length - 1, index));
    this.ui.stake.textContent = this.money(this.stake);
    this.render();
  }

  private showBalance(amount: string) {
    this.ui.balance.textContent = this.money(amount);
  }

  /** Enables exactly what the player may do now. */
  private render() {
    const locked = this.busy || this.ended;
    const stakeLocked = locked || this.pending !== null || this.autoplayLeft > 0;
    this.ui.stakeDown.disabled = stakeLocked || this.stakeIndex === 0;
    this.ui.stakeUp.disabled = stakeLocked || this.stakeIndex >= this.info.stakes.length - 1;
    this.ui.spin.disabled = locked || this.autoplayLeft > 0;
    this.ui.spin.textContent = this.pending ? this.t('play.retry') : this.t('play.spin');
    this.ui.auto.disabled = this.ended || this.pending !== null || (this.busy && this.autoplayLeft === 0);
    this.ui.auto.textContent =
      this.autoplayLeft > 0 ? this.t('play.autoplayStop', { count: this.autoplayLeft }) : this.t('play.autoplay');
    this.ui.retry.hidden = this.pending === null || this.busy;
    this.element.classList.toggle('is-busy', this.busy);
  }

  private showMessage(text: string | null) {
    this.ui.message.hidden = text === null;
    this.ui.messageText.textContent = text ?? '';
  }

  /** Places one spin (or retries the one whose answer was lost) and plays its round. */
  async spin(): Promise<void> {
    if (this.busy || this.ended) return;
    const request = this.pending ?? { stake: this.stake, requestId: newRequestId() };
    this.busy = true;
    this.hurry = false;
    this.ui.autoMenu.hidden = true;
    this.showMessage(null);
    this.reels.clearHighlight();
    this.element.classList.add('is-spinning');
    this.render();
    let round: SlotSpinValue;
    try {
      round = await this.session.call<typeof slotSpinCall>(PLAY_ENDPOINTS.slotSpin, request);
    } catch (e) {
      this.element.classList.remove('is-spinning');
      this.refused(e, request);
      return;
    }
    this.element.classList.remove('is-spinning');
    this.pending = null;
    this.render();
    // The stake has left the wallet; the win arrives as the round is shown.
    this.showBalance(minus(round.balance, round.win));
    await this.present(round);
    this.balance = round.balance;
    this.showBalance(round.balance);
    this.showSeeds(round);
    this.busy = false;
    this.render();
    const awardedFreeSpins = round.spins.some((s) => s.freeSpinsAwarded > 0);
    if (this.autoplayLeft > 0) {
      this.autoplayLeft = awardedFreeSpins ? 0 : this.autoplayLeft - 1;
      this.render();
      if (this.autoplayLeft > 0) void this.nextAutoplay();
    }
  }

  /** The round's revealed seed with a link that checks it, and the next round's commitment. */
  private showSeeds(round: SlotSpinValue) {
    const check = fairnessHref('slot', {
      serverSeed: round.serverSeed,
      serverSeedHash: round.serverSeedHash,
      model: round.modelVersion,
      stake: round.stake,
    });
    this.ui.lastRound.replaceChildren(
      h('span', { className: 'label' }, this.t('play.lastSeed')),
      ' ',
      h('code', { className: 'seed' }, round.serverSeed),
      ' ',
      fairnessLink(this.t('play.checkRound'), check),
    );
    this.ui.lastRound.hidden = false;
    this.ui.seedHash.textContent = round.nextServerSeedHash;
  }

  private refused(e: unknown, request: SlotSpinRequest) {
    const error = e instanceof PlayError ? e : new PlayError('NETWORK', 'errors.NETWORK');
    // Unknown outcome: keep the request so the retry cannot place a second spin.
    this.pending = error.code === 'NETWORK' ? request : null;
    this.ended = SESSION_ENDED.has(error.code);
    const text = this.t(error.messageKey);
    this.showMessage(this.ended ? `${text} ${this.t('play.openFromLobby')}` : text);
    this.busy = false;
    this.autoplayLeft = 0;
    this.render();
  }

  private get quick(): boolean {
    return this.hurry || prefersReducedMotion();
  }

  private ms(full: number): number {
    return this.quick ? 0 : full;
  }

  /** The round: the base spin, its wins, then each free spin with its counter, then the total. */
  private async present(round: SlotSpinValue) {
    const freeTotal = round.spins.filter((s) => s.kind === 'free').length;
    let shown = '0';
    let freeIndex = 0;
    let freeWon = '0';
    this.ui.win.textContent = this.money('0');
    this.ui.winNote.textContent = '';
    for (const spin of round.spins) {
      if (spin.kind === 'free') {
        freeIndex++;
        this.ui.winNote.textContent = this.t('play.freeSpinCounter', { n: freeIndex, total: freeTotal });
        this.element.classList.add('is-free');
        await wait(this.ms(TIMING.betweenFreeSpins));
      }
      await this.reels.spin(spin.stops, spin.window, { quick: this.quick });
      await this.showWins(spin.lines, spin.scatter);
      const next = plus(shown, spin.win);
      await this.countUp(shown, next);
      shown = next;
      if (spin.kind === 'free') freeWon = plus(freeWon, spin.win);
      if (spin.freeSpinsAwarded > 0) {
        await this.banner(
          this.t('play.freeSpinsAwarded', { count: spin.freeSpinsAwarded, multiplier: this.info.freeSpins.multiplier }),
        );
      }
    }
    if (freeTotal > 0) {
      await this.banner(this.t('play.freeSpinsTotal', { amount: this.money(freeWon) }));
      this.element.classList.remove('is-free');
    }
    this.ui.win.textContent = this.money(round.win);
    this.ui.winNote.textContent = '';
    const won = isLess('0', round.win);
    this.element.classList.toggle('has-win', won);
    this.ui.live.textContent = won
      ? this.t('play.resultWin', { amount: this.money(round.win) })
      : this.t('play.resultNoWin');
  }

  /** Winning paylines one after another with their win; then scatters. Quick: all at once. */
  private async showWins(lines: SlotSpinValue['spins'][number]['lines'], scatter: { count: number; win: string }) {
    const notes: string[] = [];
    for (const l of lines) {
      const note = this.t('play.lineWin', { line: l.line + 1, win: this.money(l.win) });
      notes.push(note);
      if (!this.quick) {
        this.reels.highlightLine(l.line, l.count);
        this.ui.winNote.textContent = note;
        await wait(TIMING.lineWin);
      }
    }
    if (isLess('0', scatter.win)) {
      const scatterIds = new Set(this.info.symbols.filter((s) => s.kind === 'scatter').map((s) => s.id));
      this.reels.highlightSymbols(scatterIds);
      const note = this.t('play.scatterWin', { win: this.money(scatter.win) });
      notes.push(note);
      this.ui.winNote.textContent = note;
      await wait(this.ms(TIMING.lineWin));
    }
    if (this.quick && lines.length > 0) {
      // Reduced motion: the last line stays drawn and every win is listed in one change.
      const last = lines[lines.length - 1];
      if (last) this.reels.highlightLine(last.line, last.count);
      this.ui.winNote.textContent = notes.join(' · ');
    }
  }

  private async countUp(from: string, to: string) {
    const duration = this.ms(TIMING.countUp);
    if (duration === 0 || !isLess(from, to) || typeof requestAnimationFrame !== 'function') {
      this.ui.win.textContent = this.money(to);
      return;
    }
    const delta = minus(to, from);
    const start = performance.now();
    await new Promise<void>((resolve) => {
      const frame = (now: number) => {
        const p = Math.min(1, (now - start) / duration);
        // Whole thousandths keep the step in integer minor units (money.ts fraction).
        this.ui.win.textContent = this.money(plus(from, fraction(delta, Math.round(p * 1000), 1000)));
        if (p < 1 && !this.hurry) requestAnimationFrame(frame);
        else {
          this.ui.win.textContent = this.money(to);
          resolve();
        }
      };
      requestAnimationFrame(frame);
    });
  }

  private async banner(text: string) {
    this.ui.banner.textContent = text;
    this.ui.banner.hidden = false;
    this.ui.live.textContent = text;
    await wait(this.quick ? 600 : TIMING.banner);
    this.ui.banner.hidden = true;
  }

  private onAutoButton() {
    if (this.autoplayLeft > 0) {
      this.autoplayLeft = 0;
      this.render();
      return;
    }
    const open = this.ui.autoMenu.hidden;
    this.ui.autoMenu.hidden = !open;
    this.ui.auto.setAttribute('aria-expanded', String(open));
  }

  private startAutoplay(runs: number) {
    this.ui.autoMenu.hidden = true;
    this.ui.auto.setAttribute('aria-expanded', 'false');
    this.autoplayLeft = runs;
    this.render();
    void this.nextAutoplay();
  }

  private async nextAutoplay() {
    await wait(this.ms(TIMING.autoplayGap));
    if (this.autoplayLeft === 0 || this.busy || this.ended) return;
    if (isLess(this.balance, this.stake)) {
      this.autoplayLeft = 0;
      this.showMessage(this.t('play.autoplayNoFunds'));
      this.render();
      return;
    }
    await this.spin();
  }

  private toggleInfo(open: boolean) {
    this.ui.panel.hidden = !open;
    if (!open) this.ui.info.focus();
  }
}
