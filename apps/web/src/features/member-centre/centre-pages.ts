import { lazy } from 'react';
import type { CentrePageId } from '../../components/centre/centres';
import { registerCentrePage } from '../../components/centre/registry';

// The member centre's record pages (spec §2 'Member centre pages').
registerCentrePage({
  centre: 'member',
  page: 'personalHistoryCopy',
  titleKey: 'memberCentre.pages.personalHistoryCopy',
  component: lazy(() => import('./betting-record')),
});
registerCentrePage({
  centre: 'member',
  page: 'transactionHistory',
  titleKey: 'memberCentre.pages.transactionHistory',
  component: lazy(() => import('./account-record')),
});
registerCentrePage({
  centre: 'member',
  page: 'personalProfit',
  titleKey: 'memberCentre.pages.personalProfit',
  component: lazy(() => import('./personal-profit')),
});

/**
 * Spec pages no feature has built yet: listed, and saying so when opened. The feature that
 * builds one registers it from its own module (a page with a component wins over this
 * placeholder) and takes its line out of here.
 */
const NOT_BUILT_YET: readonly CentrePageId<'member'>[] = [
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'manualRebate',
];
for (const page of NOT_BUILT_YET)
  registerCentrePage({ centre: 'member', page, titleKey: `memberCentre.pages.${page}` });
