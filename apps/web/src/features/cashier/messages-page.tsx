import { useFormat } from '../../lib/format';
import { useMarkRead, useMessages } from './api';
import { Loadable, useUnit } from './kit';
import { noticeText } from './notice-text';
import { useCashierTexts } from './texts';
import './cashier.css';

/**
 * Messages (spec §2 messageV2, filed as "platform information"), the minimal inbox: the member's notices, newest
 * first, unread ones marked, each written from its kind in the reader's language.
 */
export default function MessagesPage() {
  const { t } = useCashierTexts();
  const fmt = useFormat();
  const unit = useUnit();
  const messages = useMessages();
  const read = useMarkRead();
  const list = messages.data?.list ?? [];
  const newest = list[0];
  return (
    <div className="csh">
      <Loadable
        loading={messages.isPending}
        error={messages.error}
        empty={list.length === 0}
        emptyText={t('cashier.inbox.empty')}
        onRetry={() => void messages.refetch()}
      >
        <div className="csh-inbox-head">
          <span>{t('cashier.inbox.unread', { count: messages.data?.unread ?? 0 })}</span>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={!newest || (messages.data?.unread ?? 0) === 0 || read.isPending}
            onClick={() => newest && read.mutate(newest.id)}
          >
            {t('cashier.inbox.markAll')}
          </button>
        </div>
        <ul className="csh-list">
          {list.map((m) => (
            <li key={m.id} className={`csh-item${m.read ? '' : ' csh-unread'}`}>
              <div className="csh-item-head">
                {m.read ? null : <span className="csh-dot">{t('cashier.inbox.new')}</span>}
                <time className="csh-item-meta" dateTime={m.at}>
                  {fmt.date(m.at)}
                </time>
              </div>
              <p>{noticeText(t, fmt, unit, m)}</p>
            </li>
          ))}
        </ul>
      </Loadable>
    </div>
  );
}
