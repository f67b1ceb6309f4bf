import { lazy } from 'react';
import { registerCentrePage } from '../../components/centre/registry';

// Deposit and withdraw in the member centre (spec §2): how money moves today, through
// customer service, until the cashier pages exist.
registerCentrePage({
  centre: 'member',
  page: 'depositv2',
  titleKey: 'memberCentre.pages.depositv2',
  component: lazy(() => import('./cashier-page').then((m) => ({ default: m.DepositPage }))),
});
registerCentrePage({
  centre: 'member',
  page: 'withdraw',
  titleKey: 'memberCentre.pages.withdraw',
  component: lazy(() => import('./cashier-page').then((m) => ({ default: m.WithdrawPage }))),
});
