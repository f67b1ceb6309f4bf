import type { Banner } from '@khela/contract';
import { CAROUSEL_AUTOPLAY_MS } from '@khela/contract/constants';
import { isSafeContentUrl } from '@khela/contract/rich-text';
import { type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBanners } from './api';
import './banner-carousel.css';

type Props = {
  group: string;
  /** Image shown as the only slide when the group has no banners (e.g. the help centre). */
  fallbackSrc?: string;
  className?: string;
};

/** One slide: an image with its title, a link inside the site (route) or to another (url), or neither. */
export type CarouselSlide = { id: number; src: string; title: string; route?: string | null; url?: string | null };

/** Swipes shorter than this (px) are taps. */
const SWIPE_MIN = 40;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A route must be a path of the site, a URL an http(s) address: the contract's rule for stored
 * URLs, which the server applies too (no javascript: from the operator).
 */
function safeRoute(v: string | null): string | null {
  return v?.startsWith('/') && isSafeContentUrl(v) ? v : null;
}
function safeUrl(v: string | null): string | null {
  return v && !v.startsWith('/') && isSafeContentUrl(v) ? v : null;
}

/**
 * The banner carousel of a route (spec §2, §3). A slide is a link only when the banner has a
 * linkage. A group without banners renders nothing.
 */
export function BannerCarousel({ group, fallbackSrc, className }: Props) {
  const { t } = useTranslation();
  const { data, isPending } = useBanners(group);
  const banners: Banner[] | undefined =
    data && data.length === 0 && fallbackSrc
      ? [{ bannerId: 0, groupName: group, url: fallbackSrc, title: '', linkageType: null, linkageValue: null }]
      : data;
  // A failed read shows nothing rather than a box that never fills.
  const slides = isPending
    ? undefined
    : (banners ?? []).map(
        (b): CarouselSlide => ({
          id: b.bannerId,
          src: b.url,
          title: b.title,
          route: b.linkageType === 'route' ? safeRoute(b.linkageValue) : null,
          url: b.linkageType === 'url' ? safeUrl(b.linkageValue) : null,
        }),
      );
  return <Carousel key={group} slides={slides} label={t('banners.label')} className={className} />;
}

type CarouselProps = {
  /** undefined while loading: the box keeps its aspect ratio so nothing below moves. */
  slides: CarouselSlide[] | undefined;
  label: string;
  className?: string | undefined;
  /** Called after a slide's in-site link is followed (e.g. to close the popup it sits in). */
  onNavigate?: (() => void) | undefined;
};

/**
 * A carousel of image slides (banners, promotions): autoplays every 5 s only with more than one
 * slide, pauses on hover and focus, not at all when the visitor prefers reduced motion, swipes on
 * touch. No slides: nothing at all.
 */
export function Carousel({ slides, label, className, onNavigate }: CarouselProps) {
  if (!slides) return <div className={`banner-carousel banner-skeleton ${className ?? ''}`} aria-hidden="true" />;
  if (slides.length === 0) return null;
  return <Slides slides={slides} label={label} className={className} onNavigate={onNavigate} />;
}

function Slides({ slides, label, className, onNavigate }: CarouselProps & { slides: CarouselSlide[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const touchX = useRef<number | null>(null);
  const id = useId();
  const count = slides.length;
  const current = Math.min(index, count - 1);

  useEffect(() => {
    if (count < 2 || paused || prefersReducedMotion()) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      setIndex((i) => (i + 1) % count);
    }, CAROUSEL_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  const go = (i: number) => setIndex(((i % count) + count) % count);

  const onRouteClick = (e: MouseEvent<HTMLAnchorElement>, to: string) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
    onNavigate?.();
  };

  function slideBody(b: CarouselSlide, i: number): ReactNode {
    return (
      <>
        <img
          src={b.src}
          alt={b.title || t('banners.slideAlt', { n: i + 1, total: count })}
          loading={i === 0 ? 'eager' : 'lazy'}
          fetchPriority={i === 0 ? 'high' : 'auto'}
          decoding="async"
          draggable={false}
        />
        {b.title ? (
          <span className="banner-title" aria-hidden="true">
            {b.title}
          </span>
        ) : null}
      </>
    );
  }

  return (
    <section
      className={`banner-carousel ${className ?? ''}`}
      aria-roledescription={t('banners.carousel')}
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
        setPaused(true);
      }}
      onTouchEnd={(e) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        setPaused(false);
        if (start == null || end == null || count < 2) return;
        const dx = end - start;
        if (Math.abs(dx) >= SWIPE_MIN) go(current + (dx < 0 ? 1 : -1));
      }}
    >
      <ul className="banner-track" style={{ transform: `translateX(${-current * 100}%)` }} id={id}>
        {slides.map((b, i) => {
          const visible = i === current;
          const { route, url } = b;
          return (
            <li
              key={b.id}
              className="banner-slide"
              aria-roledescription={t('banners.slide')}
              aria-label={t('banners.slideOf', { n: i + 1, total: count })}
              aria-hidden={visible ? undefined : true}
              inert={!visible}
            >
              {route ? (
                <a className="banner-link" href={route} onClick={(e) => onRouteClick(e, route)} data-linkage="route">
                  {slideBody(b, i)}
                </a>
              ) : url ? (
                <a className="banner-link" href={url} target="_blank" rel="noopener noreferrer" data-linkage="url">
                  {slideBody(b, i)}
                </a>
              ) : (
                slideBody(b, i)
              )}
            </li>
          );
        })}
      </ul>
      {count > 1 ? (
        <>
          <button
            type="button"
            className="banner-arrow banner-prev"
            aria-controls={id}
            aria-label={t('banners.previous')}
            onClick={() => go(current - 1)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
          <button
            type="button"
            className="banner-arrow banner-next"
            aria-controls={id}
            aria-label={t('banners.next')}
            onClick={() => go(current + 1)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
          <div className="banner-dots">
            {slides.map((b, i) => (
              <button
                key={b.id}
                type="button"
                className="banner-dot"
                aria-controls={id}
                aria-label={t('banners.goTo', { n: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
