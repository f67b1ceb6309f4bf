import type { GameMenus } from '@khela/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerServiceEntry, openCustomerService } from '../../lib/customer-service';
import { useFormat } from '../../lib/format';
import { useGameMenus } from '../../lib/game-menus';
import { useLazyImage } from '../../lib/image-loader';
import { useSystemStatus } from '../../lib/system';
import './footer.css';

type Vendor = GameMenus[number]['vendors'][number];

/** Vendor logos of the footer: each vendor once, and only those that have an icon (spec §2). */
export function footerVendors(menus: GameMenus | undefined): Vendor[] {
  const seen = new Set<string>();
  const out: Vendor[] = [];
  for (const menu of menus ?? []) {
    for (const v of menu.vendors) {
      if (!v.icon || seen.has(v.vassalage)) continue;
      seen.add(v.vassalage);
      out.push(v);
    }
  }
  return out;
}

/** Site footer (spec §2): about us, affiliates, responsible gaming, vendor logos, copyright. */
export function Footer() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { data: status } = useSystemStatus();
  // Digits in the reader's script (২১ in Bangla); a year has no thousands separator.
  const num = (n: number) => fmt.number(n, { grouping: false });
  const { data: menus } = useGameMenus();
  const brand = status?.brand.name || t('common.brandName');
  const vendors = footerVendors(menus);
  const affiliate = status?.resources.find((r) => r.resourceType === 'AFFILIATELINK' && r.url);
  // With neither an affiliate link nor customer service, the button would lead nowhere.
  const canStart = affiliate !== undefined || customerServiceEntry(status) !== null;

  const startAffiliate = () => {
    // Spec §2: the affiliate link when configured, otherwise customer service.
    if (affiliate) window.open(new URL(affiliate.url, location.origin).href, '_blank', 'noopener,noreferrer');
    else openCustomerService(status);
  };

  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-blocks">
          <section className="footer-block" aria-labelledby="footer-about">
            <h2 id="footer-about" className="footer-heading">
              {t('footer.aboutTitle', { brand })}
            </h2>
            <p>{t('footer.aboutText', { brand })}</p>
            <Link to="/help" className="footer-link">
              {t('footer.aboutLink')}
              <span aria-hidden="true"> →</span>
            </Link>
            <Link to="/fairness" className="footer-link">
              {t('fairness.menu')}
              <span aria-hidden="true"> →</span>
            </Link>
          </section>

          <section className="footer-block footer-affiliate" aria-labelledby="footer-affiliate">
            <h2 id="footer-affiliate" className="footer-heading">
              {t('footer.affiliateTitle')}
            </h2>
            <p>{t('footer.affiliateText', { brand })}</p>
            {canStart ? (
              <button type="button" className="btn btn-primary" onClick={startAffiliate}>
                {t('footer.affiliateStart')}
              </button>
            ) : null}
          </section>

          <section className="footer-block footer-rg" aria-labelledby="footer-rg">
            <h2 id="footer-rg" className="footer-heading">
              {t('footer.rgTitle')}
            </h2>
            <div className="footer-rg-body">
              <img src="/img/rg-21.svg" alt={t('footer.rgBadge')} width="56" height="56" loading="lazy" />
              <p>{t('footer.rgText')}</p>
            </div>
          </section>
        </div>

        {vendors.length > 0 ? (
          <section className="footer-vendors" aria-labelledby="footer-vendors">
            <h2 id="footer-vendors" className="footer-heading">
              {t('footer.vendorsTitle')}
            </h2>
            <ul>
              {vendors.map((v) => (
                <VendorLogo key={v.vassalage} vendor={v} />
              ))}
            </ul>
          </section>
        ) : null}

        <div className="footer-bottom">
          <p className="footer-legal">{t('footer.legal', { age: num(21) })}</p>
          <p className="footer-copy">{t('footer.copyright', { year: num(new Date().getFullYear()), brand })}</p>
        </div>
      </div>
    </footer>
  );
}

function VendorLogo({ vendor }: { vendor: Vendor }) {
  const img = useLazyImage(vendor.icon);
  return (
    <li>
      <img ref={img.ref} src={img.src} alt={vendor.name} title={vendor.name} width="96" height="40" />
    </li>
  );
}
