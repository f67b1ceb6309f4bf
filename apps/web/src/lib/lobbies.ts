import { LOTTERY_DIRECT_VENDOR } from '@khela/contract/constants';

/**
 * The game lobbies of spec §2 — path and game category — as data: the route table
 * (app/routes.ts) makes a route of each, and the lobby's category navigation links to them.
 */
export const LOBBIES = [
  ['/rng', 'RNG'],
  ['/pvp', 'PVP'],
  ['/live', 'LIVE'],
  ['/fish', 'FISH'],
  ['/sports', 'SPORTS'],
  ['/esports', 'ESPORTS'],
  ['/cockfight', 'COCKFIGHT'],
  ['/inhouse', 'INHOUSE'],
  ['/elott', 'ELOTT'],
  ['/hot', 'HOT'],
] as const;

/** The lobby path of a game category; LOTT opens the lottery page (spec §2 'Category navigation'). */
export function categoryPath(category: string): string | undefined {
  if (category === 'LOTT') return '/lottery';
  return LOBBIES.find(([, c]) => c === category)?.[0];
}

/**
 * Where choosing a category in the lobby's navigation goes (spec §2 'Category navigation'): a
 * lottery category with the TCG_SEA vendor opens that lottery directly on the lottery page; every
 * other category goes to its route (LOTT always to the lottery page, as categoryPath says).
 */
export function categoryTarget(category: string, vendors: readonly { vassalage: string }[]): string | undefined {
  const lottery = category === 'LOTT' || category === 'ELOTT';
  if (lottery && vendors.some((v) => v.vassalage === LOTTERY_DIRECT_VENDOR)) {
    return `/lottery?vassalage=${LOTTERY_DIRECT_VENDOR}`;
  }
  return categoryPath(category);
}
