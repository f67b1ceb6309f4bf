import { lazy } from 'react';
import { registerCentrePage } from '../../components/centre/registry';

// The cashier's member-centre pages (spec §2): each a lazy chunk, with its texts
// (locales/<lang>/cashier/) loaded when it opens.
registerCentrePage({
  centre: 'member',
  page: 'securityCenter',
  titleKey: 'memberCentre.pages.securityCenter',
  component: lazy(() => import('./security-page')),
});
registerCentrePage({
  centre: 'member',
  page: 'transferFund',
  titleKey: 'memberCentre.pages.transferFund',
  component: lazy(() => import('./fund-page')),
});
registerCentrePage({
  centre: 'member',
  page: 'depositv2',
  titleKey: 'memberCentre.pages.depositv2',
  component: lazy(() => import('./deposit-page')),
});
registerCentrePage({
  centre: 'member',
  page: 'withdraw',
  titleKey: 'memberCentre.pages.withdraw',
  component: lazy(() => import('./withdraw-page')),
});
registerCentrePage({
  centre: 'member',
  page: 'transferUpline',
  titleKey: 'memberCentre.pages.transferUpline',
  component: lazy(() => import('./transfer-page')),
});
registerCentrePage({
  centre: 'member',
  page: 'messageV2',
  // The page is the member's inbox, not the centre's "platform information" it is filed under.
  titleKey: 'memberCentre.pages.inbox',
  component: lazy(() => import('./messages-page')),
});
