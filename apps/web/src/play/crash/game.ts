import type {
  CrashBetValue,
  CrashInfo,
  CrashMessage,
  CrashPastRound,
  crashBetCall,
  crashCashOutCall,
} from '@khela/contract/crash';
import { type Formatter, formatter, readNumber } from '@khela/contract/format';
import type { playBalanceCall } from '@khela/contract/inhouse';
import { CRASH_WS_PATH, PLAY_ENDPOINTS } from '@khela/contract/play-endpoints';
import { newRequestId, PlayError, type PlaySession } from '../api';
import { h, prefersReducedMotion } from '../dom';
import { fairnessHref, fairnessLink } from '../fairness-link';
import { type FormatMoney, isLess } from '../money';
import type { Translate } from '../texts';
import './crash.css';
import { apply, type CrashView, emptyView, type Frame, frameAt, myBet, ownBetSettled } from './state';

/**
 * The crash game page: the shared round's curve on a canvas, the countdown of the betting
 * window, two bet panels, everyone's bets and cash-outs, the history strip of busts (tap one
 * for its hash and how to check it) and the fairness facts. The server decides everything;
 * this page only shows the state its socket sends and asks for bets and cash-outs.
 */
const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000];
const CLOSE_UNAUTHORIZED = 4401;

type Panel = {
  slot: 1 | 2;
  stake: HTMLSelectElement;
  auto: HTMLInputElement;
  target: HTMLInputElement;
  button: HTMLButtonElement;
  note: HTMLElement;
  busy: boolean;
};

export class CrashGame {
  readonly element: HTMLElement;
  private view: CrashView = emptyView();
  private readonly info: CrashInfo;
  private readonly canvas = h('canvas', {
    className: 'crash-canvas',
    width: '640',
    height: '320',
    'aria-hidden': 'true',
  });
  private readonly big = h('p', { className: 'crash-multiplier', role: 'status', 'aria-live': 'polite' });
  private readonly balance = h('span', { className: 'crash-balance' });
  private readonly list = h('ul', { className: 'crash-bets' });
  private readonly strip = h('ol', { className: 'crash-history' });
  private readonly fairness = h('p', { className: 'crash-fair' });
  private readonly detail = h('p', { className: 'crash-detail', role: 'status' });
  private readonly panels: Panel[];
  private socket: WebSocket | null = null;
  private attempts = 0;
  private stopped = false;
  private readonly reduced = prefersReducedMotion();
  private readonly fmt: Formatter;
  /** Counts the balance's updates, so a late balance read never overwrites a newer answer. */
  private balanceVersion = 0;

  constructor(
    private readonly session: PlaySession,
    private readonly t: Translate,
    private readonly money: FormatMoney,
    lang: string,
  ) {
    const info = session.open.crash;
    if (!info) throw new PlayError('NOT_FOUND', 'errors.NOT_FOUND');
    this.info = info;
    this.fmt = formatter(lang);
    this.view.balance = session.open.balance;
    this.panels = [this.panel(1), this.panel(2)];
    this.element = h(
      'main',
      { className: 'crash' },
      h(
        'header',
        { className: 'crash-top' },
        h('h1', {}, session.open.gameName),
        session.open.playMoney ? h('span', { className: 'play-money' }, t('play.playMoney')) : '',
        h('span', {}, `${t('play.balance')}: `, this.balance),
      ),
      this.strip,
      h('div', { className: 'crash-stage' }, this.canvas, this.big),
      h('div', { className: 'crash-panels' }, ...this.panels.map((p) => this.panelElement(p))),
      this.detail,
      h('section', { className: 'crash-live' }, h('h2', {}, t('crash.liveBets')), this.list),
      this.fairness,
      h('p', { className: 'crash-fair' }, fairnessLink(t('crash.howFair'), fairnessHref('crash'))),
    );
    this.render();
  }

  /** Formats hundredths as "2.35×" in the player's digits. */
  multiplier(hundredths: number): string {
    return this.fmt.multiplier(hundredths / 100);
  }

  private panel(slot: 1 | 2): Panel {
    const stake = h('select', { 'aria-label': this.t('play.stake') });
    for (const s of this.info.stakes) stake.append(h('option', { value: s }, this.money(s)));
    const auto = h('input', { type: 'checkbox' });
    const target = h('input', {
      type: 'text',
      inputmode: 'decimal',
      value: this.fmt.decimal(2, 2),
      'aria-label': this.t('crash.target'),
      className: 'crash-target',
    });
    const button = h('button', { type: 'button', className: 'crash-action' });
    const p: Panel = { slot, stake, auto, target, button, note: h('span', { className: 'crash-note' }), busy: false };
    button.addEventListener('click', () => void this.act(p));
    return p;
  }

  private panelElement(p: Panel): HTMLElement {
    return h(
      'section',
      { className: 'crash-panel', 'aria-label': this.t('crash.panel', { n: p.slot }) },
      h('label', {}, this.t('play.stake'), p.stake),
      h('label', { className: 'crash-auto' }, p.auto, this.t('crash.autoCashOut'), p.target),
      p.button,
      p.note,
    );
  }

  /** Opens the live feed; reconnects with a growing delay unless the session is over. */
  connect(): void {
    if (this.stopped) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${location.host}${CRASH_WS_PATH}`);
    this.socket = socket;
    socket.onopen = () => socket.send(this.session.socketAuth());
    socket.onmessage = (e) => {
      this.attempts = 0;
      this.receive(JSON.parse(String(e.data)) as CrashMessage);
    };
    socket.onclose = (e) => {
      if (this.stopped) return;
      if (e.code === CLOSE_UNAUTHORIZED) {
        this.detail.textContent = `${this.t('errors.GAME_SESSION_INVALID')} ${this.t('play.openFromLobby')}`;
        return;
      }
      const delay = RECONNECT_MS[Math.min(this.attempts++, RECONNECT_MS.length - 1)] as number;
      setTimeout(() => this.connect(), delay);
    };
    this.animate();
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close();
  }

  receive(msg: CrashMessage, localNow = Date.now()): void {
    const before = this.view;
    this.view = apply(this.view, msg, localNow);
    if (msg.type === 'hello') this.balanceVersion++;
    // The feed is the same for everyone and carries no balance: an auto cash-out or a void
    // round's refund is paid before its message goes out, so the balance read then includes it.
    if (ownBetSettled(before, this.view)) void this.refreshBalance();
    this.render(localNow);
  }

  private async refreshBalance() {
    const version = ++this.balanceVersion;
    try {
      const { balance } = await this.session.call<typeof playBalanceCall>(PLAY_ENDPOINTS.balance);
      if (version !== this.balanceVersion) return;
      this.view = { ...this.view, balance };
      this.render();
    } catch {
      // The next bet's answer carries the balance anyway.
    }
  }

  private async act(p: Panel) {
    if (p.busy) return;
    const frame = frameAt(this.view, Date.now());
    const mine = myBet(this.view, p.slot);
    p.busy = true;
    p.note.textContent = '';
    try {
      let answer: CrashBetValue;
      if (mine?.status === 'open' && frame.phase === 'running') {
        answer = await this.session.call<typeof crashCashOutCall>(PLAY_ENDPOINTS.crashCashOut, {
          requestId: newRequestId(),
          slot: p.slot,
        });
      } else {
        if (this.view.balance !== null && isLess(this.view.balance, p.stake.value)) {
          throw new PlayError('INSUFFICIENT_FUNDS', 'errors.INSUFFICIENT_FUNDS');
        }
        answer = await this.session.call<typeof crashBetCall>(PLAY_ENDPOINTS.crashBet, {
          requestId: newRequestId(),
          slot: p.slot,
          stake: p.stake.value,
          // Typed in either script (২.৫০ or 2.50): the server takes a plain decimal.
          ...(p.auto.checked ? { autoCashOut: readNumber(p.target.value, this.fmt.locale) } : {}),
        });
      }
      // The answer carries the balance after this bet or cash-out: no need to read it again.
      this.balanceVersion++;
      this.view = apply(
        { ...this.view, balance: answer.balance },
        { type: answer.bet.status === 'cashed' ? 'cashout' : 'bet', bet: answer.bet },
        Date.now(),
      );
    } catch (e) {
      const err = e instanceof PlayError ? e : new PlayError('NETWORK', 'errors.NETWORK');
      // ROUND_CLOSED answers a bet after the window and a cash-out after the bust: say which.
      const key =
        err.code === 'ROUND_CLOSED'
          ? mine
            ? 'crash.tooLate'
            : 'crash.betsClosed'
          : err.code === 'CONFLICT'
            ? 'crash.slotTaken'
            : err.messageKey;
      p.note.textContent = this.t(key);
    } finally {
      p.busy = false;
      this.render();
    }
  }

  private animate() {
    const step = () => {
      if (this.stopped) return;
      this.drawFrame(frameAt(this.view, Date.now()));
      // Reduced motion: the number updates a few times a second, nothing flies.
      if (this.reduced) setTimeout(step, 250);
      else requestAnimationFrame(step);
    };
    step();
  }

  /** Redraws the panels, the list, the history and the fairness line from the view. */
  render(localNow = Date.now()): void {
    const frame = frameAt(this.view, localNow);
    this.balance.textContent = this.view.balance === null ? '' : this.money(this.view.balance);
    for (const p of this.panels) this.renderPanel(p, frame);
    this.list.replaceChildren(
      ...this.view.bets.map((b) =>
        h(
          'li',
          { className: `crash-bet ${b.status}${b.mine ? ' mine' : ''}` },
          h('span', {}, b.name),
          h('span', {}, this.money(b.stake)),
          h('span', {}, b.status === 'cashed' && b.multiplier ? this.multiplier(b.multiplier) : ''),
          h('span', {}, b.status === 'cashed' && b.win ? this.money(b.win) : ''),
        ),
      ),
    );
    this.strip.replaceChildren(...this.view.history.map((r) => this.historyItem(r)));
    const r = this.view.round;
    this.fairness.textContent = r
      ? this.t('crash.fairness', {
          rtp: this.fmt.decimal(this.info.rtp, 2),
          hash: r.terminatingHash,
          index: r.chainIndex,
        })
      : this.t('crash.rtp', { rtp: this.fmt.decimal(this.info.rtp, 2) });
    this.drawFrame(frame);
  }

  private renderPanel(p: Panel, frame: Frame) {
    const mine = myBet(this.view, p.slot);
    const running = frame.phase === 'running';
    let label: string;
    let enabled: boolean;
    if (mine?.status === 'open' && running) {
      label = this.t('crash.cashOut', { amount: this.money(cashOutAmount(mine.stake, frame.multiplier)) });
      enabled = true;
    } else if (mine) {
      label =
        mine.status === 'cashed'
          ? this.t('crash.cashedAt', { multiplier: this.multiplier(mine.multiplier ?? 0) })
          : this.t('crash.betPlaced');
      enabled = false;
    } else {
      label = this.t('crash.bet');
      enabled = frame.phase === 'betting';
    }
    p.button.textContent = label;
    p.button.disabled = !enabled || p.busy;
    p.stake.disabled = !!mine;
    p.auto.disabled = !!mine;
    p.target.disabled = !!mine;
  }

  private historyItem(r: CrashPastRound): HTMLElement {
    const b = h(
      'button',
      { type: 'button', className: `crash-past ${r.void ? 'void' : r.bust >= 200 ? 'high' : 'low'}` },
      r.void ? this.t('crash.void') : this.multiplier(r.bust),
    );
    b.addEventListener('click', () => {
      // A round number names the round: its digits, ungrouped.
      this.detail.replaceChildren(
        this.t('crash.verify', { round: this.fmt.digits(r.roundNo), hash: r.hash, index: r.chainIndex }),
      );
      // The fairness page recomputes the bust point from the revealed hash alone.
      if (r.hash) {
        this.detail.append(' ', fairnessLink(this.t('crash.checkRound'), fairnessHref('crash', { hash: r.hash })));
      }
    });
    return h('li', {}, b);
  }

  private drawFrame(frame: Frame) {
    switch (frame.phase) {
      case 'waiting':
        this.big.textContent = this.t('play.loading');
        break;
      case 'betting':
        this.big.textContent = this.t('crash.startsIn', { seconds: frame.secondsLeft });
        break;
      case 'running':
        this.big.textContent = this.multiplier(frame.multiplier);
        break;
      case 'busted':
        this.big.textContent = this.t('crash.busted', { multiplier: this.multiplier(frame.multiplier) });
        break;
      case 'void':
        this.big.textContent = this.t('crash.voided');
        break;
    }
    this.big.className = `crash-multiplier ${frame.phase}`;
    const ctx = this.canvas.getContext?.('2d');
    if (ctx) drawCurve(ctx, this.canvas.width, this.canvas.height, frame, this.info.growthPerMs, this.reduced);
  }
}

/** What cashing out now would pay (shown on the button; the server decides the real amount). */
export function cashOutAmount(stake: string, multiplier: number): string {
  const [whole = '0', frac = ''] = stake.split('.');
  const cents = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
  const win = (cents * BigInt(multiplier)) / 100n;
  return `${win / 100n}.${(win % 100n).toString().padStart(2, '0')}`;
}

/** The curve from 1.00× to the current multiplier, scaled to fit, with the rocket at its head. */
function drawCurve(
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  frame: Frame,
  growth: number,
  reduced: boolean,
) {
  ctx.clearRect(0, 0, width, height);
  if (frame.phase !== 'running' && frame.phase !== 'busted') return;
  const elapsed = frame.phase === 'running' ? frame.elapsedMs : Math.log(frame.multiplier / 100) / growth;
  const spanMs = Math.max(10_000, elapsed * 1.15);
  const top = Math.max(2, Math.exp(growth * spanMs));
  const x = (ms: number) => (ms / spanMs) * (width - 20) + 10;
  const y = (m: number) => height - 10 - ((m - 1) / (top - 1)) * (height - 20);
  ctx.lineWidth = 4;
  ctx.strokeStyle = frame.phase === 'busted' ? '#e5484d' : '#f5b400';
  ctx.beginPath();
  const steps = 60;
  for (let i = 0; i <= steps; i++) {
    const ms = (elapsed * i) / steps;
    const px = x(ms);
    const py = y(Math.exp(growth * ms));
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.stroke();
  if (!reduced && frame.phase === 'running') {
    ctx.font = '28px sans-serif';
    ctx.fillText('🚀', x(elapsed) - 14, y(Math.exp(growth * elapsed)) + 4);
  }
}
