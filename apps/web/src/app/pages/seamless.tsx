import { GameScreen } from '../../features/launch/game-screen';

/** /seamless — the game in a frame beside the side menu, mini by default (spec §2). */
export default function SeamlessPage() {
  return <GameScreen page="/seamless" />;
}
