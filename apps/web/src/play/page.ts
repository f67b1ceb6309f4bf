import { openSession, PlayError } from './api';
import { h } from './dom';
import { moneyFormatter } from './money';
import { SlotMachine } from './slot-machine';
import { loadTexts, toLocale } from './texts';

/** What a game page draws: its element, and the keys it takes anywhere on the page. */
export type PlayGame = { element: HTMLElement; onKey(e: KeyboardEvent): void };

function mount<G extends PlayGame>(root: HTMLElement, game: G): G {
  root.replaceChildren(game.element);
  document.addEventListener('keydown', (e) => game.onKey(e));
  return game;
}

/**
 * Starts the game page in `root`: takes the launch ticket out of the address (it is single-use
 * and must not stay in history or be shared), redeems it, then draws the game in the player's
 * language. The session token it gets back lives only inside the session object.
 */
export async function startPlayPage(root: HTMLElement): Promise<PlayGame | null> {
  const url = new URL(location.href);
  const ticket = url.searchParams.get('ticket');
  if (ticket !== null) {
    url.searchParams.delete('ticket');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  // Until the game says which language it was launched in, the address's (or the default).
  let t = await loadTexts(toLocale(url.searchParams.get('lang') ?? document.documentElement.lang));
  root.replaceChildren(h('p', { className: 'status', role: 'status' }, t('play.loading')));
  if (!ticket) {
    root.replaceChildren(h('p', { className: 'status error', role: 'alert' }, t('play.noTicket')));
    return null;
  }
  try {
    const session = await openSession(ticket);
    const lang = toLocale(session.open.language);
    document.documentElement.lang = lang;
    t = await loadTexts(lang);
    document.title = session.open.gameName;
    if (session.open.dice) {
      // Its own chunk: the slot page does not download the dice game, nor the reverse.
      const [{ DiceGame }, diceTexts] = await Promise.all([import('./dice/dice-game'), loadTexts(lang, 'dice')]);
      return mount(root, new DiceGame(session, diceTexts, moneyFormatter(lang, session.open)));
    }
    if (session.open.gameCode === 'crash') {
      // Its own chunk: the slot page does not download the crash game, nor the reverse.
      const [{ CrashGame }, ct] = await Promise.all([import('./crash/game'), loadTexts(lang, 'crash')]);
      const game = new CrashGame(session, ct, moneyFormatter(lang, session.open), lang);
      root.replaceChildren(game.element);
      game.connect();
      return null;
    }
    if (!session.open.slot) throw new PlayError('NOT_FOUND', 'errors.NOT_FOUND');
    return mount(root, new SlotMachine(session, t, moneyFormatter(lang, session.open)));
  } catch (e) {
    const error = e instanceof PlayError ? e : new PlayError('NETWORK', 'errors.NETWORK');
    const text = t(error.messageKey);
    // A ticket works once: whatever went wrong, the way back in is a new launch.
    const again = error.code === 'LAUNCH_TICKET_INVALID' ? '' : ` ${t('play.openFromLobby')}`;
    root.replaceChildren(h('p', { className: 'status error', role: 'alert' }, `${text}${again}`));
    return null;
  }
}
