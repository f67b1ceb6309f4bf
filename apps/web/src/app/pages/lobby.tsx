import { HotLobby } from '../../features/lobby/hot';
import { Lobby } from '../../features/lobby/lobby';
import type { PageProps } from '../pages';

/** /rng, /live, /sports … — a category's game lobby; /hot the hot games. */
export default function LobbyPage({ route }: PageProps) {
  const category = route.category ?? 'HOT';
  // A new category is a new lobby: its search box and popup start fresh.
  return category === 'HOT' ? <HotLobby /> : <Lobby key={category} category={category} />;
}
