import { PromotionsPage } from '../../features/promotions/promotions-page';

/** /promotions, and /promotions?id=… for one promotion (spec §2). */
export default function Promotions() {
  return <PromotionsPage />;
}
