import { GameScreen } from '../../features/launch/game-screen';

/** /game — the game in a frame under the header (spec §2). */
export default function GamePage() {
  return <GameScreen page="/game" />;
}
