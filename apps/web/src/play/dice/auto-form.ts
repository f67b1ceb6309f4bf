import { formatter, readNumber } from '@khela/contract/format';
import { h } from '../dom';
import type { Translate } from '../texts';
import { type AutoBetPlan, minorOf, type StakeChange } from './auto-bet';

/** Bets one auto-bet run may place at most. */
export const AUTO_BET_MAX = 1000;

/**
 * The auto-bet form: number of bets, stop on profit / loss, stop on a win / a loss, and what a
 * win or a loss does to the stake. `read()` turns it into a plan, or marks the bad field.
 */
export class AutoBetForm {
  readonly element: HTMLElement;
  private readonly bets = numberInput('dice-auto-bets');
  private readonly profit = amountInput('dice-auto-profit');
  private readonly loss = amountInput('dice-auto-loss');
  private readonly afterWin = h('input', { type: 'checkbox', id: 'dice-auto-after-win' });
  private readonly afterLoss = h('input', { type: 'checkbox', id: 'dice-auto-after-loss' });
  private readonly onWin: ChangeInputs;
  private readonly onLoss: ChangeInputs;

  constructor(
    t: Translate,
    private readonly lang: string,
  ) {
    const fmt = formatter(lang);
    this.bets.value = fmt.count(10);
    this.onWin = changeInputs('win', t, lang);
    this.onLoss = changeInputs('loss', t, lang);
    const labelled = (id: string, text: string, input: HTMLElement) =>
      h('div', { className: 'field' }, h('label', { className: 'label', for: id }, text), input);
    const check = (input: HTMLInputElement, text: string) =>
      h('label', { className: 'check' }, input, h('span', {}, text));
    this.element = h(
      'fieldset',
      { className: 'auto-form' },
      h('legend', {}, t('dice.auto')),
      labelled('dice-auto-bets', t('dice.autoBets'), this.bets),
      labelled('dice-auto-profit', t('dice.autoStopProfit'), this.profit),
      labelled('dice-auto-loss', t('dice.autoStopLoss'), this.loss),
      check(this.afterWin, t('dice.autoStopOnWin')),
      check(this.afterLoss, t('dice.autoStopOnLoss')),
      this.onWin.element,
      this.onLoss.element,
    );
  }

  /** The plan, or null after marking (and focusing) the first field that is not valid. */
  read(): AutoBetPlan | null {
    const bets = wholeOf(this.bets.value, this.lang);
    if (!Number.isInteger(bets) || bets < 1 || bets > AUTO_BET_MAX) return this.invalid(this.bets);
    const limit = (input: HTMLInputElement): bigint | null | false => {
      if (input.value.trim() === '') return null;
      const minor = minorOf(readNumber(input.value, this.lang));
      return minor !== null && minor > 0n ? minor : false;
    };
    const stopOnProfit = limit(this.profit);
    if (stopOnProfit === false) return this.invalid(this.profit);
    const stopOnLoss = limit(this.loss);
    if (stopOnLoss === false) return this.invalid(this.loss);
    const onWin = this.onWin.read();
    if (!onWin) return this.invalid(this.onWin.percent);
    const onLoss = this.onLoss.read();
    if (!onLoss) return this.invalid(this.onLoss.percent);
    for (const input of [this.bets, this.profit, this.loss, this.onWin.percent, this.onLoss.percent])
      input.removeAttribute('aria-invalid');
    return {
      bets,
      stopOnProfit,
      stopOnLoss,
      stopAfterWin: this.afterWin.checked,
      stopAfterLoss: this.afterLoss.checked,
      onWin,
      onLoss,
    };
  }

  set disabled(value: boolean) {
    this.element.toggleAttribute('disabled', value);
  }

  private invalid(input: HTMLInputElement): null {
    input.setAttribute('aria-invalid', 'true');
    input.focus();
    return null;
  }
}

/**
 * A whole number's field. Text, not type=number: a number field refuses Bengali digits, and
 * these take both (read through readNumber).
 */
function numberInput(id: string): HTMLInputElement {
  return h('input', { id, type: 'text', inputmode: 'numeric', autocomplete: 'off' });
}

/** A whole number typed in either script ("১০" or "10"), NaN when it is not one. */
function wholeOf(text: string, lang: string): number {
  const typed = readNumber(text, lang);
  return /^\d{1,9}$/.test(typed) ? Number(typed) : Number.NaN;
}

function amountInput(id: string): HTMLInputElement {
  return h('input', { id, type: 'text', inputmode: 'decimal', autocomplete: 'off', placeholder: '—' });
}

type ChangeInputs = { element: HTMLElement; percent: HTMLInputElement; read(): StakeChange | null };

/** "On a win / on a loss": back to the base stake, or raise it by N %. */
function changeInputs(outcome: 'win' | 'loss', t: Translate, lang: string): ChangeInputs {
  const name = `dice-on-${outcome}`;
  const reset = h('input', { type: 'radio', name, value: 'reset', checked: true });
  const increase = h('input', { type: 'radio', name, value: 'increase' });
  const percent = numberInput(`${name}-percent`);
  percent.value = formatter(lang).count(100);
  percent.setAttribute('aria-label', t('dice.increasePercent'));
  const element = h(
    'div',
    {
      className: 'field change',
      role: 'radiogroup',
      'aria-label': t(outcome === 'win' ? 'dice.onWin' : 'dice.onLoss'),
    },
    h('span', { className: 'label' }, t(outcome === 'win' ? 'dice.onWin' : 'dice.onLoss')),
    h('label', { className: 'check' }, reset, h('span', {}, t('dice.reset'))),
    h('label', { className: 'check' }, increase, h('span', {}, t('dice.increase')), percent, h('span', {}, '%')),
  );
  return {
    element,
    percent,
    read() {
      if (reset.checked) return { kind: 'reset' };
      const p = wholeOf(percent.value, lang);
      return Number.isInteger(p) && p >= 1 && p <= 1000 ? { kind: 'increase', percent: p } : null;
    },
  };
}
