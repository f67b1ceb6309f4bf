import { AVATAR_TYPES, BUILTIN_AVATARS, type BuiltinAvatar, builtinAvatarUrl } from '@khela/contract/avatar-rules';
import { Modal } from '@khela/ui/modal';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { type AvatarChange, type MemberInfo, usePlayerAvatars, useSetAvatar } from './api';
import { Avatar } from './avatar';
import { PictureError, preparePicture } from './prepare-picture';

type Props = { open: boolean; onClose: () => void; info: MemberInfo | undefined };

/**
 * 'Change avatar' (spec §2 avatar menu 'avatar edit', §7 /wps/member/info/icon): one of the
 * built-in avatars, or a picture of the player's own (PNG, JPEG or WebP, up to 2 MB). The
 * header shows the new avatar as soon as the server has it; a refusal is said in words and
 * changes nothing.
 */
export function AvatarPicker({ open, onClose, info }: Props) {
  const { t } = useTranslation();
  const { data: avatars } = usePlayerAvatars(open);
  const setAvatar = useSetAvatar();
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; key: string } | null>(null);
  const [preparing, setPreparing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const current = info?.avatar ?? null;
  const choices = avatars?.choices ?? BUILTIN_AVATARS.map((id) => ({ id, url: builtinAvatarUrl(id) }));
  const busy = preparing || setAvatar.isPending;

  async function save(change: AvatarChange) {
    setMessage(null);
    try {
      await setAvatar.mutateAsync(change);
      setMessage({ kind: 'ok', key: 'account.avatarSaved' });
    } catch (e) {
      setMessage({ kind: 'error', key: e instanceof ApiError ? e.messageKey : 'errors.UNKNOWN' });
    }
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    setMessage(null);
    setPreparing(true);
    let image: string;
    try {
      image = await preparePicture(file);
    } catch (e) {
      setMessage({ kind: 'error', key: e instanceof PictureError ? e.messageKey : 'errors.AVATAR_NOT_IMAGE' });
      return;
    } finally {
      setPreparing(false);
      // The same file may be chosen again after a refusal.
      if (fileInput.current) fileInput.current.value = '';
    }
    await save({ image });
  }

  return (
    <Modal
      open={open}
      onClose={() => {
        setMessage(null);
        onClose();
      }}
      title={t('account.changeAvatar')}
    >
      <div className="avatar-picker">
        <div className="avatar-picker-current">
          <Avatar src={current} size={72} />
        </div>
        <fieldset className="avatar-picker-choices">
          <legend>{t('account.builtinAvatars')}</legend>
          {choices.map(({ id, url }) => {
            const name = t(`account.avatars.${id as BuiltinAvatar}`);
            return (
              <button
                key={id}
                type="button"
                className="avatar-choice"
                aria-pressed={current === url}
                aria-label={name}
                title={name}
                disabled={busy}
                onClick={() => void save({ builtin: id })}
              >
                <img src={url} alt="" width={56} height={56} />
              </button>
            );
          })}
        </fieldset>
        <div className="avatar-picker-upload">
          <input
            ref={fileInput}
            type="file"
            className="visually-hidden"
            accept={AVATAR_TYPES.join(',')}
            aria-label={t('account.uploadAvatar')}
            aria-describedby={hintId}
            tabIndex={-1}
            onChange={(e) => void upload(e.target.files?.[0])}
          />
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => fileInput.current?.click()}>
            {busy ? t('account.avatarSaving') : t('account.uploadAvatar')}
          </button>
          <p id={hintId} className="avatar-picker-hint">
            {t('account.uploadHint')}
          </p>
        </div>
        {message ? (
          <p
            className={`avatar-picker-message avatar-picker-${message.kind}`}
            role={message.kind === 'error' ? 'alert' : 'status'}
          >
            {t(message.key, { defaultValue: t('errors.UNKNOWN') })}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
