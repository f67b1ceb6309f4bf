import { PAGINATION_MARGIN, PAGINATION_RANGE } from '@khela/contract/constants';
import { formatter } from '@khela/contract/format';
import { useTranslation } from 'react-i18next';
import './pagination.css';

export type PageItem = number | 'gap';

/**
 * Page numbers to show (spec §9: range 3, margin 1): the first and last `margin` pages, `range`
 * pages around the current one, and a gap mark where pages are skipped. A gap of a single page
 * shows that page instead — a "…" hiding one number helps nobody.
 */
export function pageItems(
  page: number,
  total: number,
  range = PAGINATION_RANGE,
  margin = PAGINATION_MARGIN,
): PageItem[] {
  if (total <= range + 2 * margin + 2) return Array.from({ length: total }, (_, i) => i + 1);
  let start = Math.max(margin + 1, page - Math.floor(range / 2));
  const end = Math.min(total - margin, start + range - 1);
  start = Math.max(margin + 1, end - range + 1);
  const shown = new Set<number>();
  for (let p = 1; p <= margin; p++) shown.add(p);
  for (let p = start; p <= end; p++) shown.add(p);
  for (let p = total - margin + 1; p <= total; p++) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: PageItem[] = [];
  let prev = 0;
  for (const p of sorted) {
    if (p - prev === 2) out.push(p - 1);
    else if (p - prev > 2) out.push('gap');
    out.push(p);
    prev = p;
  }
  return out;
}

export function Pagination({
  page,
  total,
  onChange,
  label,
}: {
  page: number;
  total: number;
  onChange(page: number): void;
  /** The navigation's accessible name (default: the notices' "pages"). */
  label?: string;
}) {
  const { t, i18n } = useTranslation();
  if (total < 2) return null;
  const fmt = formatter(i18n.language);
  return (
    <nav className="pager" aria-label={label ?? t('notices.pages')}>
      <button
        type="button"
        className="pager-btn"
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label={t('notices.previousPage')}
      >
        ‹
      </button>
      {pageItems(page, total).map((item, i) =>
        item === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${i}`} className="pager-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className="pager-btn"
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('notices.page', { n: item })}
            onClick={() => onChange(item)}
          >
            {fmt.count(item)}
          </button>
        ),
      )}
      <button
        type="button"
        className="pager-btn"
        onClick={() => onChange(page + 1)}
        disabled={page >= total}
        aria-label={t('notices.nextPage')}
      >
        ›
      </button>
    </nav>
  );
}
