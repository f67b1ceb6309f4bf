import type { DiceSeedsValue } from '@khela/contract/dice';
import { latinDigits } from '@khela/contract/digits';
import { PlayError } from '../api';
import { h } from '../dom';
import { FAIRNESS_PAGE, fairnessHref } from '../fairness-link';
import type { Translate } from '../texts';
import type { DiceApi } from './api';
import type { DiceFormat } from './format';

/** A link to the fairness page with a bet's values filled in (a page that ignores them still opens). */
export function verifyLink(v: {
  serverSeed?: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}): string {
  const round: Record<string, string> = { clientSeed: v.clientSeed, nonce: String(v.nonce) };
  if (v.serverSeed) round.serverSeed = v.serverSeed;
  else round.serverSeedHash = v.serverSeedHash;
  return fairnessHref('dice', round);
}

const CLIENT_SEED = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The fairness panel: the hash of the server seed in play, the client seed (editable — a change
 * is a rotation), the next nonce, and the last revealed pair. `onChange` hears every new state,
 * so the history can mark which bets are now verifiable.
 */
export class FairnessPanel {
  readonly element: HTMLElement;
  private seeds: DiceSeedsValue | null = null;
  private busy = false;
  private readonly ui = {
    hash: h('code', { className: 'seed' }),
    clientSeed: h('input', {
      id: 'dice-client-seed',
      type: 'text',
      maxlength: '64',
      autocomplete: 'off',
      spellcheck: 'false',
      pattern: '[A-Za-z0-9._\\-]{1,64}',
    }),
    change: h('button', { type: 'button', className: 'secondary' }),
    nonce: h('output', { className: 'amount' }),
    rotate: h('button', { type: 'button', className: 'secondary' }),
    previous: h('div', { className: 'previous' }),
    message: h('p', { className: 'note', role: 'status' }),
  };

  constructor(
    private readonly api: DiceApi,
    private readonly t: Translate,
    private readonly fmt: DiceFormat,
    private readonly onChange: (seeds: DiceSeedsValue) => void,
  ) {
    const { ui } = this;
    ui.change.textContent = t('dice.changeClientSeed');
    ui.rotate.textContent = t('dice.rotate');
    this.element = h(
      'section',
      { className: 'fairness', 'aria-labelledby': 'dice-fair-title' },
      h('h2', { id: 'dice-fair-title' }, t('dice.fairness')),
      h('p', { className: 'note' }, t('dice.fairnessIntro')),
      h('div', { className: 'field' }, h('span', { className: 'label' }, t('dice.serverSeedHash')), ui.hash),
      h(
        'div',
        { className: 'field' },
        h('label', { className: 'label', for: 'dice-client-seed' }, t('dice.clientSeed')),
        h('div', { className: 'row' }, ui.clientSeed, ui.change),
        h('span', { className: 'hint' }, t('dice.clientSeedHint')),
      ),
      h('div', { className: 'field' }, h('span', { className: 'label' }, t('dice.nextNonce')), ui.nonce),
      ui.rotate,
      ui.message,
      ui.previous,
      h(
        'p',
        { className: 'note' },
        t('dice.verifyHint'),
        ' ',
        h('a', { href: FAIRNESS_PAGE, target: '_blank', rel: 'noopener' }, t('dice.verifyLink')),
      ),
    );
    ui.change.addEventListener('click', () => void this.changeClientSeed());
    ui.rotate.addEventListener('click', () => void this.rotate());
  }

  async load(): Promise<void> {
    try {
      this.show(await this.api.seeds());
    } catch (e) {
      this.fail(e);
    }
  }

  /** A bet used the next nonce: counted here without a round trip. */
  used(nonce: number) {
    if (!this.seeds) return;
    this.seeds = { ...this.seeds, current: { ...this.seeds.current, nextNonce: nonce + 1 } };
    this.ui.nonce.textContent = this.fmt.count(nonce + 1);
  }

  /** Locked while a bet is in flight: a rotation then would only wait for it. */
  lock(locked: boolean) {
    this.busy = locked;
    this.ui.change.disabled = locked;
    this.ui.rotate.disabled = locked;
  }

  private async changeClientSeed() {
    // Digits typed on a Bengali keyboard count as the Latin ones the seed is made of.
    const clientSeed = latinDigits(this.ui.clientSeed.value).trim();
    if (!CLIENT_SEED.test(clientSeed)) {
      this.ui.message.textContent = this.t('dice.clientSeedHint');
      this.ui.clientSeed.focus();
      return;
    }
    await this.rotate(clientSeed);
  }

  private async rotate(clientSeed?: string) {
    if (this.busy) return;
    this.lock(true);
    try {
      this.show(await this.api.rotate(clientSeed ? { clientSeed } : {}));
      this.ui.message.textContent = this.t('dice.rotated');
    } catch (e) {
      this.fail(e);
    } finally {
      this.lock(false);
    }
  }

  private fail(e: unknown) {
    const error = e instanceof PlayError ? e : new PlayError('NETWORK', 'errors.NETWORK');
    this.ui.message.textContent = this.t(error.messageKey);
  }

  private show(seeds: DiceSeedsValue) {
    this.seeds = seeds;
    const { ui, t } = this;
    ui.hash.textContent = seeds.current.serverSeedHash;
    ui.clientSeed.value = seeds.current.clientSeed;
    ui.nonce.textContent = this.fmt.count(seeds.current.nextNonce);
    const p = seeds.previous;
    ui.previous.replaceChildren(h('h3', {}, t('dice.previous')));
    if (!p) ui.previous.append(h('p', { className: 'note' }, t('dice.previousNone')));
    else
      ui.previous.append(
        h(
          'div',
          { className: 'field' },
          h('span', { className: 'label' }, t('dice.serverSeed')),
          h('code', { className: 'seed' }, p.serverSeed),
        ),
        h(
          'div',
          { className: 'field' },
          h('span', { className: 'label' }, t('dice.serverSeedHash')),
          h('code', { className: 'seed' }, p.serverSeedHash),
        ),
        h(
          'div',
          { className: 'field' },
          h('span', { className: 'label' }, t('dice.clientSeed')),
          h('code', { className: 'seed' }, p.clientSeed),
        ),
        h(
          'p',
          { className: 'note' },
          p.nonces > 1
            ? t('dice.noncesUsed', { last: this.fmt.count(p.nonces - 1) })
            : t(p.nonces === 1 ? 'dice.noncesOne' : 'dice.noncesNone'),
        ),
      );
    this.onChange(seeds);
  }
}
