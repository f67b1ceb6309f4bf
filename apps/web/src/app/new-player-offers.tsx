import { NEW_PLAYER_CATEGORY } from '@khela/contract/constants';
import { PromotionCarousel } from '../features/promotions/promotion-carousel';
import { ui } from '../lib/ui-store';

/**
 * The new-player promotions above the registration form (spec §2 'Registration form'). The
 * promotions feature owns the carousel and the auth feature the form; the app puts them
 * together. A tap opens the promotion, so a popup around the form closes.
 */
export function NewPlayerOffers() {
  return <PromotionCarousel category={NEW_PLAYER_CATEGORY} onNavigate={() => ui.closeModal()} />;
}
