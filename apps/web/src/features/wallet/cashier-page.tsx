import { CashierGuidance } from './cashier-dialog';
import './wallet.css';

// The centre lets only real accounts in (spec §6), and reaching customer service leaves the
// centre open behind it: nothing to do when the guidance is done.
const stay = () => {};

export function DepositPage() {
  return <CashierGuidance kind="deposit" trial={false} onDone={stay} />;
}

export function WithdrawPage() {
  return <CashierGuidance kind="withdraw" trial={false} onDone={stay} />;
}
