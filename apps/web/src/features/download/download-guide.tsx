import type { Resource } from '@khela/contract';
import { type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { DOWNLOAD_PAGE, installApp, useInstallState } from '../../lib/install-app';
import { useSystemStatus } from '../../lib/system';
import './download.css';

const QrCode = lazy(() => import('@khela/ui/qr-code'));

export type Platform = 'android' | 'ios';
const PLATFORMS: Platform[] = ['android', 'ios'];
/** The resource behind each tab (spec §3): the Android package and the iOS configuration profile. */
export const DOWNLOAD_RESOURCE: Record<Platform, string> = { android: 'Android', ios: 'MOBILECONFIG' };
const STEPS = [1, 2, 3, 4] as const;

/** The absolute link of a platform's resource, or null when the brand has not configured it. */
export function downloadUrl(resources: Resource[] | undefined, platform: Platform): string | null {
  const r = resources?.find((x) => x.resourceType === DOWNLOAD_RESOURCE[platform] && x.url);
  if (!r) return null;
  try {
    return new URL(r.url, location.origin).href;
  } catch {
    return null;
  }
}

function defaultPlatform(): Platform {
  return typeof navigator !== 'undefined' && /iPhone|iPad|iPod/i.test(navigator.userAgent) ? 'ios' : 'android';
}

/**
 * Android and iOS tabs with four install steps each (spec §2 'Download modal'). When the brand
 * has its own app for the platform, step 1 carries its QR code and direct link; otherwise the
 * steps install the site itself as an app (its web app manifest): the browser's install
 * dialog where it offers one, else how to add it to the home screen by hand, with a QR code
 * that opens this page on the phone. `variant` only changes the layout: a column in the modal,
 * a wide grid on /down.
 */
export function DownloadGuide({ variant }: { variant: 'modal' | 'page' }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { data: status, isPending } = useSystemStatus();
  const [platform, setPlatform] = useState<Platform>(defaultPlatform);
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (i + step + PLATFORMS.length) % PLATFORMS.length;
    setPlatform(PLATFORMS[next] as Platform);
    tabs.current[next]?.focus();
  };

  const url = downloadUrl(status?.resources, platform);
  const name = t(`download.${platform}.name`);
  // The brand's own app, else the site installed as an app: each has its own steps.
  const steps = url ? `download.${platform}` : `download.web.${platform}`;

  return (
    <div className={`dl-guide dl-guide-${variant}`}>
      <div className="dl-tabs" role="tablist" aria-label={t('download.platforms')}>
        {PLATFORMS.map((p, i) => (
          <button
            key={p}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${p}`}
            aria-selected={p === platform}
            aria-controls={`${baseId}-panel`}
            tabIndex={p === platform ? 0 : -1}
            className="dl-tab"
            onClick={() => setPlatform(p)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            <PlatformGlyph platform={p} />
            {t(`download.${p}.name`)}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${platform}`} className="dl-panel">
        <ol className="dl-steps">
          {STEPS.map((n) => (
            <li key={n} className={`dl-step dl-step-${n}`}>
              <img
                className="dl-step-img"
                src={`/img/download/${platform}-step${n}.svg`}
                alt=""
                width="200"
                height="200"
                loading="lazy"
              />
              <div className="dl-step-body">
                <p className="dl-step-no">{t('download.stepNo', { n: fmt.count(n) })}</p>
                <h3 className="dl-step-title">{t(`${steps}.step${n}Title`)}</h3>
                <p className="dl-step-text">{t(`${steps}.step${n}Text`)}</p>
              </div>
              {n === 1 ? (
                <div className="dl-get">
                  {url ? (
                    <>
                      <div className="dl-qr">
                        <Suspense fallback={<div className="dl-qr-skeleton" />}>
                          <QrCode value={url} title={t('download.qrTitle', { os: name })} />
                        </Suspense>
                      </div>
                      <a className="btn btn-primary dl-direct" href={url} rel="noopener">
                        {t(`download.${platform}.direct`)}
                      </a>
                    </>
                  ) : isPending ? null : (
                    <WebAppGet platform={platform} />
                  )}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

/** Step 1 of installing the site as an app. */
function WebAppGet({ platform }: { platform: Platform }) {
  const { t } = useTranslation();
  const state = useInstallState();
  if (state === 'installed') {
    return (
      <p className="dl-note" role="status">
        {t('download.web.installed')}
      </p>
    );
  }
  // iOS has no install dialog: Safari's Share menu is the way (the steps say how).
  if (platform === 'android' && state === 'ready') {
    return (
      <button type="button" className="btn btn-primary dl-direct" onClick={() => void installApp()}>
        {t('download.web.install')}
      </button>
    );
  }
  return (
    <>
      <div className="dl-qr">
        <Suspense fallback={<div className="dl-qr-skeleton" />}>
          <QrCode value={new URL(DOWNLOAD_PAGE, location.origin).href} title={t('download.web.qrTitle')} />
        </Suspense>
      </div>
      <p className="dl-note">{t('download.web.scan')}</p>
    </>
  );
}

function PlatformGlyph({ platform }: { platform: Platform }) {
  // Generic shapes (a robot head, a phone), not the platforms' logos.
  const d =
    platform === 'android'
      ? 'M6 10a6 6 0 0 1 12 0v7H6v-7Zm2.5-5.5L10 7m5.5-2.5L14 7M9.5 12v.01M14.5 12v.01M4 11v4m16-4v4'
      : 'M8 3h8a1.5 1.5 0 0 1 1.5 1.5v15A1.5 1.5 0 0 1 16 21H8a1.5 1.5 0 0 1-1.5-1.5v-15A1.5 1.5 0 0 1 8 3Zm3 15h2';
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
