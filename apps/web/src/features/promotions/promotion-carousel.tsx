import type { PromotionCategory } from '@khela/contract/constants';
import { useTranslation } from 'react-i18next';
import { Carousel, type CarouselSlide } from '../../components/banners/banner-carousel';
import { promotionPath, usePromotions } from './api';
import './promotion-carousel.css';

/**
 * The running promotions of a category as a carousel (spec §2 'Registration form': category
 * new_player; autoplay every 5000 ms only with more than one; a tap opens the promotions route
 * with the promotion's id). None: nothing is shown.
 */
export function PromotionCarousel({
  category,
  className,
  onNavigate,
}: {
  category: PromotionCategory;
  className?: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { data, isPending } = usePromotions(category);
  // A failed read shows nothing: the form below must not wait for its offers.
  const slides = isPending
    ? undefined
    : (data?.list ?? []).map(
        (p): CarouselSlide => ({ id: p.id, src: p.imageUrl, title: p.title, route: promotionPath(p.id) }),
      );
  return (
    <Carousel
      slides={slides}
      label={t('promotions.carouselLabel', { category: t(`promotions.categories.${category}`) })}
      className={`promotion-carousel ${className ?? ''}`}
      onNavigate={onNavigate}
    />
  );
}
