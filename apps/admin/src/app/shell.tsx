import { call } from '@khela/client';
import { staffLogoutCall } from '@khela/contract/endpoints';
import type { StaffMe } from '@khela/contract/staff';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Preferences } from '../components/preferences';
import { ErrorState, Loading } from '../components/states';
import { useHeldWinCount } from '../features/risk/api';
import { errorText } from '../lib/errors';
import { useFormat } from '../lib/format';
import { endSessionQuietly, staffToken } from '../lib/session';
import { useMe } from '../lib/staff';
import { AREAS, SESSIONS_PATH } from './areas';
import './nav-count.css';

/** The frame after login: top bar, the side navigation the member's roles allow, the screen. */
export function Shell() {
  const { t } = useTranslation();
  const location = useLocation();
  const me = useMe();
  if (!staffToken()) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (me.isPending) return <Loading />;
  if (me.isError) return <ErrorState message={errorText(t, me.error)} onRetry={() => me.refetch()} />;
  return <Frame me={me.data} />;
}

function Frame({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const left = (location.state as { recoveryCodesLeft?: number } | null)?.recoveryCodesLeft;
  const [navOpen, setNavOpen] = useState(false);
  const logout = async () => {
    try {
      await call(staffLogoutCall);
    } finally {
      endSessionQuietly();
      queryClient.clear();
      navigate('/login', { replace: true });
    }
  };
  const areas = AREAS.filter((a) => me.permissions.includes(a.permission));
  // Held wins wait for the risk desk: the count stands beside its entry.
  const held = useHeldWinCount(me.permissions.includes('risk.read'));
  const waiting = held.data?.held ?? 0;
  return (
    <div className="shell">
      <header className="topbar">
        <button
          type="button"
          className="button button-quiet nav-toggle"
          aria-expanded={navOpen}
          aria-controls="side-nav"
          onClick={() => setNavOpen(!navOpen)}
        >
          {t('shell.menu')}
        </button>
        <p className="brand">
          <span className="brand-mark" aria-hidden="true">
            K
          </span>
          <span>
            {t('app.name')} <span className="brand-code">{me.brand}</span>
          </span>
        </p>
        <div className="topbar-side">
          <span className="zone-chip" title={t('common.timeZoneHint')}>
            {t('common.timeZone', { zone: f.timeZone })}
          </span>
          <Preferences />
          <span className="who" title={me.roles.map((r) => t(`roles.${r}`, { defaultValue: r })).join(', ')}>
            {me.username}
          </span>
          <button type="button" className="button button-small" onClick={logout}>
            {t('shell.logout')}
          </button>
        </div>
      </header>
      <div className="shell-body">
        <nav id="side-nav" className={`side-nav${navOpen ? ' open' : ''}`} aria-label={t('shell.navigation')}>
          <ul>
            {areas.map((a) => (
              <li key={a.id}>
                <NavLink to={a.path} onClick={() => setNavOpen(false)}>
                  {t(`nav.${a.id}`)}
                  {!a.built && <span className="soon">{t('nav.soon')}</span>}
                  {a.id === 'risk' && waiting > 0 && (
                    <>
                      <span className="nav-count" aria-hidden="true" title={t('nav.riskWaiting', { count: waiting })}>
                        {f.digits(waiting)}
                      </span>
                      <span className="visually-hidden">{t('nav.riskWaiting', { count: waiting })}</span>
                    </>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className="side-nav-own">
            <li>
              <NavLink to={SESSIONS_PATH} onClick={() => setNavOpen(false)}>
                {t('nav.sessions')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <main className="content">
          {left !== undefined && (
            <p className="notice notice-warning" role="status">
              {t('shell.recoveryLeft', { count: left })}
            </p>
          )}
          <Outlet context={me} />
        </main>
      </div>
    </div>
  );
}
