import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CrashVerifier, DiceVerifier, SlotVerifier, type VerifierProps } from './verifiers';
import './fairness.css';

export const FAIR_GAMES = ['crash', 'dice', 'slot'] as const;
export type FairGame = (typeof FAIR_GAMES)[number];

const VERIFIERS: Record<FairGame, (props: VerifierProps) => React.ReactNode> = {
  crash: CrashVerifier,
  dice: DiceVerifier,
  slot: SlotVerifier,
};

/** The query parameters a game's deep link may carry (the game pages link here with them). */
const LINK_FIELDS: Record<FairGame, string[]> = {
  crash: ['hash', 'previousHash', 'terminatingHash', 'round'],
  dice: ['serverSeed', 'clientSeed', 'nonce', 'serverSeedHash', 'target', 'side'],
  slot: ['serverSeed', 'serverSeedHash', 'model', 'stake'],
};
/** Without these a link only opens the game's section; with them it checks the round at once. */
const LINK_REQUIRED: Record<FairGame, string[]> = {
  crash: ['hash'],
  dice: ['serverSeed', 'clientSeed', 'nonce'],
  slot: ['serverSeed', 'stake'],
};

export function gameOf(value: string | null): FairGame {
  return FAIR_GAMES.includes(value as FairGame) ? (value as FairGame) : 'crash';
}

/**
 * /fairness: how each in-house game is provably fair, in a player's words, and a
 * verifier per game that recomputes a round in the browser. `?game=<crash|dice|slot>&…` picks
 * the game and pre-fills (and checks) its verifier.
 */
export function FairnessPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const game = gameOf(params.get('game'));
  const initial = Object.fromEntries(
    LINK_FIELDS[game].flatMap((name) => {
      const value = params.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  const autoVerify = LINK_REQUIRED[game].every((name) => params.get(name));
  // The steps are keyed objects (locale files hold only texts, decision 0002), read in file order.
  const how = t(`fairness.${game}.how`, { returnObjects: true }) as unknown;
  const Verifier = VERIFIERS[game];

  return (
    <div className="fairness-page">
      <div className="page-head">
        <h1 className="page-title">{t('fairness.title')}</h1>
      </div>
      <p className="fair-lead">{t('fairness.lead')}</p>
      <nav className="fair-games" aria-label={t('fairness.gamesLabel')}>
        {FAIR_GAMES.map((g) => (
          <button
            key={g}
            type="button"
            className="fair-game"
            aria-pressed={g === game}
            onClick={() => setParams({ game: g })}
          >
            {t(`fairness.games.${g}`)}
          </button>
        ))}
      </nav>
      <div className="fair-body">
        <section className="fair-how" aria-labelledby="fair-how-title">
          <h2 id="fair-how-title" className="fair-heading">
            {t('fairness.howTitle')}: {t(`fairness.games.${game}`)}
          </h2>
          <ol>
            {Object.values(how && typeof how === 'object' ? (how as Record<string, string>) : {}).map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ol>
        </section>
        {/* Remount on a new link or game so the form starts from what the link carries. */}
        <Verifier key={`${game}?${params.toString()}`} initial={initial} autoVerify={autoVerify} />
      </div>
    </div>
  );
}
