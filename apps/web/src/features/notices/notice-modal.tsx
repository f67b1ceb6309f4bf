import type { Announcement } from '@khela/contract';
import { NOTICE_PAGE_SIZE } from '@khela/contract/constants';
import { EmptyState } from '@khela/ui/empty-state';
import { Loading } from '@khela/ui/loading';
import { Modal } from '@khela/ui/modal';
import { Pagination } from '@khela/ui/pagination';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { useSanitizedHtml } from '../../lib/sanitize-lazy';
import { useUi } from '../../lib/ui-store';
import { useNotices } from './api';
import './notice-modal.css';

type Props = { open: boolean; onClose(): void };

/**
 * The announcements modal (spec §2): notices newest first, 9 per page, the list at the left and
 * the selected notice at the right; on phones the list, then the notice with a back button.
 */
export function NoticeModal({ open, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('notices.title')} size="lg" className="notice-modal">
      {open ? <NoticeBody /> : null}
    </Modal>
  );
}

export default NoticeModal;

function NoticeBody() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useNotices();
  // Whoever opened the modal may ask for one notice first (ui.openModal('notice', id)).
  const wanted = useUi((s) => (s.modal === 'notice' ? s.modalArg : undefined));

  if (isPending) return <Loading className="notice-state" />;
  if (isError)
    return (
      <EmptyState title={t('notices.errorTitle')} text={t('notices.errorText')}>
        <button type="button" className="btn btn-primary" onClick={() => refetch()}>
          {t('common.retry')}
        </button>
      </EmptyState>
    );
  if (data.length === 0) return <EmptyState title={t('notices.emptyTitle')} text={t('notices.emptyText')} />;
  return <NoticeBrowser notices={data} wanted={typeof wanted === 'number' ? wanted : Number(wanted) || undefined} />;
}

function NoticeBrowser({ notices, wanted }: { notices: Announcement[]; wanted?: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const detailId = useId();
  const wantedIndex = wanted === undefined ? -1 : notices.findIndex((n) => n.id === wanted);
  const [page, setPage] = useState(wantedIndex >= 0 ? Math.floor(wantedIndex / NOTICE_PAGE_SIZE) + 1 : 1);
  const [selectedId, setSelectedId] = useState<number | undefined>(notices[Math.max(wantedIndex, 0)]?.id);
  const [view, setView] = useState<'list' | 'detail'>(wantedIndex >= 0 ? 'detail' : 'list');
  const backRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const pages = Math.ceil(notices.length / NOTICE_PAGE_SIZE);
  const onPage = notices.slice((page - 1) * NOTICE_PAGE_SIZE, page * NOTICE_PAGE_SIZE);
  const selected = onPage.find((n) => n.id === selectedId) ?? onPage[0];

  useEffect(() => {
    if (view === 'detail') backRef.current?.focus({ preventScroll: true });
  }, [view]);

  const choose = (n: Announcement) => {
    setSelectedId(n.id);
    setView('detail');
  };
  const goToPage = (p: number) => {
    setPage(p);
    setSelectedId(notices[(p - 1) * NOTICE_PAGE_SIZE]?.id);
    listRef.current?.scrollTo?.({ top: 0 });
  };
  const back = () => {
    setView('list');
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>('[aria-current="true"]')?.focus());
  };

  return (
    <div className="notice-browser" data-view={view}>
      <div className="notice-list-pane">
        <ul className="notice-list" ref={listRef}>
          {onPage.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className="notice-item"
                aria-current={n.id === selected?.id ? 'true' : undefined}
                aria-controls={detailId}
                onClick={() => choose(n)}
              >
                <span className={`notice-tag notice-tag-${n.type}`}>{t(`notices.types.${n.type}`)}</span>
                <span className="notice-item-title">{n.title}</span>
                <time className="notice-time" dateTime={n.startTime}>
                  {fmt.timestamp(n.startTime)}
                </time>
              </button>
            </li>
          ))}
        </ul>
        <Pagination page={page} total={pages} onChange={goToPage} />
      </div>
      <article className="notice-detail" id={detailId} aria-labelledby={`${detailId}-title`}>
        <button ref={backRef} type="button" className="notice-back" onClick={back}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {t('notices.back')}
        </button>
        {selected ? <NoticeDetail notice={selected} titleId={`${detailId}-title`} /> : null}
      </article>
    </div>
  );
}

function NoticeDetail({ notice, titleId }: { notice: Announcement; titleId: string }) {
  const fmt = useFormat();
  const html = useSanitizedHtml(notice.content);
  return (
    <>
      <h3 id={titleId} className="notice-detail-title">
        {notice.title}
      </h3>
      <time className="notice-time" dateTime={notice.startTime}>
        {fmt.timestamp(notice.startTime)}
      </time>
      {html === null ? (
        <Loading className="notice-state" />
      ) : (
        // The HTML comes from lib/sanitize (DOMPurify): no scripts, frames, forms or handlers.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above
        <div className="notice-content rich-text" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </>
  );
}
