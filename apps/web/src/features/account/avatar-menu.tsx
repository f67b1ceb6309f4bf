import { logoutCall } from '@khela/contract/endpoints';
import { Modal } from '@khela/ui/modal';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOpenCentre } from '../../components/centre/address';
import type { CentrePageId } from '../../components/centre/centres';
import { call } from '../../lib/api';
import { clearSession, useSessionToken } from '../../lib/session';
import { AGENT_CENTRE_TYPES, type MemberInfo, useMemberInfo } from './api';
import { Avatar } from './avatar';
import { AvatarPicker } from './avatar-picker';
import './account.css';

/**
 * The logged-in header's avatar menu (spec §2 'Avatar menu'): avatar (default on load failure),
 * nickname, member label in its colours, Members, Account record, Betting record, Agent (only
 * for account-centre types, spec §6) and Sign out with its confirmation. Members and the two
 * records open the member centre at their page; the agent centre is a later issue and its item
 * says so instead of leading nowhere.
 */
export default function AvatarMenu() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const { data: info, isError } = useMemberInfo(token);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [picking, setPicking] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = info?.nickname || info?.account || '';
  const soon = () => setNote(t('account.comingSoon'));
  const openCentre = useOpenCentre();
  const centre = (page: CentrePageId<'member'>) => () => {
    setOpen(false);
    openCentre('member', page);
  };
  const isAgentCentre = info ? (AGENT_CENTRE_TYPES as readonly number[]).includes(info.isAgent) : false;

  return (
    <div className="avatar-menu" ref={root}>
      <button
        type="button"
        className="avatar-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('account.menu', { name: name || t('account.member') })}
        onClick={() => {
          setOpen(!open);
          setNote(null);
        }}
      >
        <Avatar src={info?.avatar} />
        <span className="avatar-menu-name">{name}</span>
      </button>
      {open ? (
        <div id={menuId} className="avatar-menu-panel" role="menu">
          <div className="avatar-menu-head">
            <Avatar src={info?.avatar} size={48} />
            <div>
              <p className="avatar-menu-nickname">{name}</p>
              {info ? <MemberLabel info={info} /> : null}
              {isError ? <p className="avatar-menu-note">{t('account.infoFailed')}</p> : null}
            </div>
          </div>
          <button
            type="button"
            role="menuitem"
            className="avatar-menu-item"
            onClick={() => {
              setOpen(false);
              setPicking(true);
            }}
          >
            {t('account.changeAvatar')}
          </button>
          <button type="button" role="menuitem" className="avatar-menu-item" onClick={centre('securityCenter')}>
            {t('account.members')}
          </button>
          <button type="button" role="menuitem" className="avatar-menu-item" onClick={centre('transactionHistory')}>
            {t('account.accountRecord')}
          </button>
          <button type="button" role="menuitem" className="avatar-menu-item" onClick={centre('personalHistoryCopy')}>
            {t('account.bettingRecord')}
          </button>
          {isAgentCentre ? (
            <button type="button" role="menuitem" className="avatar-menu-item" onClick={soon}>
              {t('account.agent')}
            </button>
          ) : null}
          <button
            type="button"
            role="menuitem"
            className="avatar-menu-item avatar-menu-signout"
            onClick={() => {
              setOpen(false);
              setConfirming(true);
            }}
          >
            {t('account.signOut')}
          </button>
          {note ? (
            <p className="avatar-menu-note" role="status">
              {note}
            </p>
          ) : null}
        </div>
      ) : null}
      <AvatarPicker open={picking} onClose={() => setPicking(false)} info={info} />
      <LogoutConfirm open={confirming} onClose={() => setConfirming(false)} />
    </div>
  );
}

/** The member label in its own colours (spec §2), else the club label. */
function MemberLabel({ info }: { info: MemberInfo }) {
  const label = info.memberLabel[0];
  if (label)
    return (
      <span className="member-label" style={{ color: label.color, background: label.bgColor }}>
        {label.labelName}
      </span>
    );
  if (info.clubLabel)
    return (
      <span className="member-label" style={{ color: info.clubLabel.color, background: info.clubLabel.color2 }}>
        {info.clubLabel.labelName}
      </span>
    );
  return null;
}

/** 'Are you sure to log out' (spec §2): confirm ends the session on the server and here, then /. */
function LogoutConfirm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await call(logoutCall);
    } catch {
      // The session ends here regardless: a failed revoke must not keep anyone logged in locally.
    }
    setBusy(false);
    onClose();
    clearSession();
    navigate('/');
  }
  return (
    <Modal open={open} onClose={onClose} title={t('account.signOut')} size="sm">
      <p>{t('account.logoutConfirm')}</p>
      <div className="logout-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('account.cancel')}
        </button>
        <button type="button" className="btn btn-primary" onClick={confirm} disabled={busy}>
          {t('account.confirm')}
        </button>
      </div>
    </Modal>
  );
}
