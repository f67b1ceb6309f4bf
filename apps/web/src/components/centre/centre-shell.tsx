import { IS_AGENT, isAgentKind, isTrialAccount } from '@khela/contract/constants';
import { Modal } from '@khela/ui/modal';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { session } from '../../lib/storage';
import { ui } from '../../lib/ui-store';
import { type CentreAddress, centreTo, withoutCentreTo } from './address';
import { CENTRES, type CentreAccess, isCentreName } from './centres';
import { centrePages } from './registry';
import './centre.css';

/** The account kind the login or the member info stored (spec §3 session key isAgent). */
function storedIsAgent(): number {
  return Number(session.get('isAgent') ?? IS_AGENT.PLAYER);
}

/**
 * A centre of spec §2 (member centre, agent centre): a modal with the centre's left menu and
 * the open page beside it (a full-screen sheet with a scrolling menu row on phones). What is
 * open is the address (`?centre=…&page=…`): the menu replaces the page in the address, so Back
 * leaves the centre; closing removes the centre from the address as a new history entry, so
 * Back opens it again and Forward closes it. The caller renders it only with a session.
 */
export function CentreShell({ address }: { address: CentreAddress }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const menu = useRef<HTMLElement>(null);
  const { centre, page } = address;
  const known = isCentreName(centre);
  const pages = known ? centrePages(centre) : [];
  const current = pages.find((p) => p.page === page) ?? pages[0];
  const isAgent = storedIsAgent();
  const access: CentreAccess | null = known ? CENTRES[centre].access : null;
  const allowed = access === 'member' || (access === 'agent' && isAgentKind(isAgent));
  const trial = access === 'member' && isTrialAccount(isAgent);

  // An address the centre cannot show is corrected in place, without a history entry: an
  // unknown page shows the centre's first page; an unknown centre, or one this account may not
  // open, is dropped.
  const shown = allowed && current ? current.page : null;
  useEffect(() => {
    if (shown === null) navigate(withoutCentreTo(location), { replace: true });
    else if (shown !== page) navigate(centreTo(location, centre, shown), { replace: true });
  }, [shown, page, centre, location, navigate]);

  // On phones the menu is one scrolling row: the open page's item is brought into view.
  useEffect(() => {
    if (!shown) return;
    menu.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [shown]);

  if (!known || !allowed || !current) return null;
  const title = t(CENTRES[centre].titleKey);
  const close = () => navigate(withoutCentreTo(location));

  if (trial)
    return (
      <Modal open onClose={close} title={title} size="sm">
        {/* spec §6: a trial account is asked to register first */}
        <div className="centre-trial">
          <p>{t('errors.TRIAL_ACCOUNT')}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              close();
              ui.openModal('register');
            }}
          >
            {t('centre.registerNow')}
          </button>
        </div>
      </Modal>
    );

  const Page = current.component;
  return (
    <Modal open onClose={close} title={title} size="lg" className="centre">
      <div className="centre-frame">
        <nav ref={menu} className="centre-menu" aria-label={title}>
          {pages.map((p) => (
            <Link
              key={p.page}
              to={centreTo(location, centre, p.page)}
              replace
              className="centre-menu-item"
              aria-current={p === current ? 'page' : undefined}
            >
              {p.icon}
              {t(p.titleKey)}
            </Link>
          ))}
        </nav>
        {/* keyed by page: a page opens scrolled to its top */}
        <div key={current.page} className="centre-page">
          <h3 className="centre-page-title">{t(current.titleKey)}</h3>
          {Page ? (
            <Suspense fallback={<p className="centre-state">{t('centre.loading')}</p>}>
              <Page />
            </Suspense>
          ) : (
            <p className="centre-state">{t('centre.notAvailable')}</p>
          )}
        </div>
      </div>
    </Modal>
  );
}
