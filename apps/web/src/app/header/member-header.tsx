import NoticeListener from '../../features/cashier/notice-listener';
import HeaderBalance from '../../features/wallet/header-balance';

/** The logged-in header's lazy part: the wallet (with the socket) and the notices it pushes. */
export default function MemberHeader() {
  return (
    <>
      <HeaderBalance />
      <NoticeListener />
    </>
  );
}
