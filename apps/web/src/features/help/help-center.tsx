import type { HelpCenter as HelpCenterData } from '@khela/contract';
import { EmptyState } from '@khela/ui/empty-state';
import { Loading } from '@khela/ui/loading';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BannerCarousel } from '../../components/banners/banner-carousel';
import { customerServiceEntry, openCustomerService } from '../../lib/customer-service';
import { useSanitizedHtml } from '../../lib/sanitize-lazy';
import { useSystemStatus } from '../../lib/system';
import { ui } from '../../lib/ui-store';
import { useHelpCenter } from './api';
import './help-center.css';

type Section = HelpCenterData['sections'][number];

/** Spec §2: the help centre shows the default promotion banner when group w_help has none. */
export const DEFAULT_HELP_BANNER = '/img/banners/promo-default.webp';

type Props = {
  /**
   * Show the w_help banner list. By default it is shown except on /help, whose layout already
   * shows that group's carousel above the page.
   */
  showBanner?: boolean;
};

/**
 * The help centre (spec §2): title, banner list of group w_help (or the default promotion
 * banner), and the brand's help sections as an accordion of sanitised HTML. The body of /helpmc,
 * /help and the help modal.
 */
export function HelpCenter({ showBanner }: Props = {}) {
  const { t } = useTranslation();
  const location = useLocation();
  const root = useRef<HTMLDivElement>(null);
  const [inDialog, setInDialog] = useState(false);
  const { data: status } = useSystemStatus();
  const help = useHelpCenter();
  const banner = showBanner ?? location.pathname.toLowerCase() !== '/help';

  useLayoutEffect(() => {
    setInDialog(!!root.current?.closest('[role="dialog"]'));
  }, []);

  useEffect(() => {
    // Spec §2: the page opens at the top (the help modal keeps the page behind it where it was);
    // with a #hash the scroll manager takes the reader to that section instead.
    if (!root.current?.closest('[role="dialog"]') && !window.location.hash) window.scrollTo({ top: 0 });
  }, []);

  const Title = inDialog ? 'h2' : 'h1';
  return (
    <div className="help-center" ref={root}>
      <header className="help-head">
        <Title className="help-title">{t('help.title')}</Title>
        <p className="help-lead">{t('help.lead')}</p>
      </header>

      {banner ? <BannerCarousel group="w_help" fallbackSrc={DEFAULT_HELP_BANNER} className="help-banner" /> : null}

      {help.isPending ? (
        <Loading className="help-state" />
      ) : help.isError ? (
        <EmptyState title={t('help.errorTitle')} text={t('help.errorText')} level={inDialog ? 3 : 2}>
          <button type="button" className="btn btn-primary" onClick={() => help.refetch()}>
            {t('common.retry')}
          </button>
        </EmptyState>
      ) : help.data.sections.length === 0 ? (
        <EmptyState title={t('help.emptyTitle')} text={t('help.emptyText')} level={inDialog ? 3 : 2} />
      ) : (
        <Sections sections={help.data.sections} hash={location.hash.slice(1)} level={inDialog ? 3 : 2} />
      )}

      <aside className="help-contact" aria-labelledby="help-contact-title">
        <div>
          <p id="help-contact-title" className="help-contact-title">
            {t('help.stillNeedHelp')}
          </p>
          <p className="help-contact-text">{t('help.contactText')}</p>
        </div>
        <div className="help-contact-actions">
          {customerServiceEntry(status) ? (
            <button type="button" className="btn btn-primary" onClick={() => openCustomerService(status)}>
              {t('help.contactUs')}
            </button>
          ) : null}
          <Link to="/" className="btn btn-ghost" onClick={() => inDialog && ui.closeModal()}>
            {t('common.backHome')}
          </Link>
        </div>
      </aside>
    </div>
  );
}

export default HelpCenter;

function Sections({ sections, hash, level }: { sections: Section[]; hash: string; level: 2 | 3 }) {
  // Both #faq and the element id #help-faq open that section.
  const wanted = hash.replace(/^help-/, '');
  const first = sections.find((s) => s.key === wanted) ?? sections[0];
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(first ? [first.id] : []));
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <div className="help-sections">
      {sections.map((s) => (
        <SectionItem key={s.id} section={s} open={open.has(s.id)} onToggle={() => toggle(s.id)} level={level} />
      ))}
    </div>
  );
}

function SectionItem({
  section,
  open,
  onToggle,
  level,
}: {
  section: Section;
  open: boolean;
  onToggle(): void;
  level: 2 | 3;
}) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={`help-section${open ? ' is-open' : ''}`} id={`help-${section.key}`}>
      <Heading className="help-section-head">
        <button type="button" aria-expanded={open} aria-controls={`${id}-panel`} onClick={onToggle}>
          <span>{section.title}</span>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="help-chevron">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </Heading>
      <div id={`${id}-panel`} hidden={!open} className="help-panel">
        {open ? <SectionContent html={section.content} /> : null}
      </div>
    </section>
  );
}

function SectionContent({ html }: { html: string }) {
  const { t } = useTranslation();
  const safe = useSanitizedHtml(html);
  if (safe === null) return <Loading label={t('common.loading')} className="help-state-sm" />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from lib/sanitize (DOMPurify)
  return <div className="help-content rich-text" dangerouslySetInnerHTML={{ __html: safe }} />;
}
