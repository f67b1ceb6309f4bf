import { type CatalogVendorRow, MAX_SECRET_OVERLAP_MINUTES } from '@khela/contract/staff-catalog';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, fieldAria } from '../../components/form';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { rotateSecret } from './api';

/** Overlaps offered: none, an hour, a day, a week (the longest the server takes). */
const OVERLAPS = [0, 60, 24 * 60, MAX_SECRET_OVERLAP_MINUTES] as const;

/**
 * Rotating a vendor's signing secret: the overlap and a reason, a confirmation, then the new
 * secret shown this once (the server keeps it only sealed) with the time the old one stops.
 */
export function RotateSecretDialog({
  vendor,
  name,
  onClose,
}: {
  vendor: CatalogVendorRow;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [overlap, setOverlap] = useState<number>(24 * 60);
  const [reason, setReason] = useState('');
  const first = useRef<HTMLSelectElement>(null);
  const rotate = useMutation({ mutationFn: () => rotateSecret(vendor.id, overlap, reason.trim()) });
  useEffect(() => first.current?.focus(), []);
  const done = rotate.data;

  return (
    <div className="cat-backdrop">
      <div className="cat-dialog" role="dialog" aria-modal="true" aria-labelledby="rotate-title">
        <h2 id="rotate-title">{t('catalog.rotateTitle', { name })}</h2>
        {done ? (
          <SecretShown
            secret={done.secret}
            after={
              done.previousUntil
                ? t('catalog.oldUntil', { at: f.at(done.previousUntil), zone: f.timeZone })
                : t('catalog.oldEnded')
            }
            onClose={onClose}
          />
        ) : (
          <form
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              if (reason.trim()) rotate.mutate();
            }}
          >
            <p>{t('catalog.rotateText')}</p>
            <Field id="rotate-overlap" label={t('catalog.overlap')} hint={t('catalog.overlapHint')}>
              <select
                ref={first}
                {...fieldAria('rotate-overlap', undefined, true)}
                value={overlap}
                onChange={(e) => setOverlap(Number(e.target.value))}
              >
                {OVERLAPS.map((m) => (
                  <option key={m} value={m}>
                    {t(`catalog.overlaps.${m}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="rotate-reason" label={t('catalog.reason')}>
              <input
                {...fieldAria('rotate-reason', undefined)}
                value={reason}
                required
                maxLength={200}
                onChange={(e) => setReason(e.target.value)}
              />
            </Field>
            {rotate.error && (
              <p className="form-error" role="alert">
                {errorText(t, rotate.error)}
              </p>
            )}
            <div className="row">
              <button type="submit" className="button button-danger" disabled={!reason.trim() || rotate.isPending}>
                {t('catalog.rotateConfirm')}
              </button>
              <button type="button" className="button" onClick={onClose}>
                {t('content.cancel')}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}

/** A secret shown this once (the server keeps it only sealed), to copy and give to the vendor. */
export function SecretShown({ secret, after, onClose }: { secret: string; after?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="stack">
      <p className="notice notice-warning">{t('catalog.secretOnce')}</p>
      <code className="cat-secret" data-testid="new-secret">
        {secret}
      </code>
      <button
        type="button"
        className="button button-small"
        onClick={() => navigator.clipboard?.writeText(secret).then(() => setCopied(true))}
      >
        {copied ? t('common.copied') : t('catalog.copy')}
      </button>
      {after && <p>{after}</p>}
      <div className="row">
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('catalog.secretSaved')}
        </button>
      </div>
    </div>
  );
}

/** The new vendor's secret in the rotation's dialog: shown once, then gone. */
export function NewSecretDialog({ name, secret, onClose }: { name: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="cat-backdrop">
      <div className="cat-dialog" role="dialog" aria-modal="true" aria-labelledby="new-secret-title">
        <h2 id="new-secret-title">{t('catalog.add.secretTitle', { name })}</h2>
        <SecretShown secret={secret} onClose={onClose} />
      </div>
    </div>
  );
}
