import type { ComponentType } from 'react';
import type { PageName, RouteDef } from './routes';

/** Every page receives its route entry (layout flags, banner group, lobby category). */
export type PageProps = { route: RouteDef };
export type PageModule = { default: ComponentType<PageProps> };

/** One lazy chunk per page (ARCHITECTURE §7). */
export const PAGE_LOADERS: Record<PageName, () => Promise<PageModule>> = {
  home: () => import('./pages/home'),
  register: () => import('./pages/register'),
  pointMall: () => import('./pages/point-mall'),
  lottery: () => import('./pages/lottery'),
  vnlottery: () => import('./pages/vnlottery'),
  lobby: () => import('./pages/lobby'),
  promotions: () => import('./pages/promotions'),
  promoDetail: () => import('./pages/promo-detail'),
  seamless: () => import('./pages/seamless'),
  helpmc: () => import('./pages/helpmc'),
  help: () => import('./pages/help'),
  resetPassword: () => import('./pages/reset-password'),
  down: () => import('./pages/down'),
  game: () => import('./pages/game'),
  fairness: () => import('./pages/fairness'),
};
