import { PromotionDetailPage } from '../../features/promotions/promotions-page';

/** /promoDetail?id=… — one promotion (spec §2), the same view as /promotions?id=…. */
export default function PromoDetail() {
  return <PromotionDetailPage />;
}
