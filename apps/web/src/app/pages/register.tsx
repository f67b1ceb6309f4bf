import { ArrowLeftIcon } from '@khela/ui/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RegisterForm } from '../../features/auth/register-form';
import { useBrand } from '../../lib/system';
import { NewPlayerOffers } from '../new-player-offers';

/** /register — the registration form as a full page (spec §2: logo, 'create account', 'back to home'). */
export default function RegisterPage() {
  const { t } = useTranslation();
  const brand = useBrand()?.name || t('common.brandName');
  return (
    <section className="prompt-card register-page" aria-labelledby="register-title">
      <img src="/img/logo.svg" alt={brand} width={160} height={40} className="register-page-logo" />
      <h1 id="register-title" className="prompt-card-title">
        {t('pages.createAccount')}
      </h1>
      <div className="register-page-body">
        <RegisterForm isPage offers={<NewPlayerOffers />} />
      </div>
      <Link to="/" className="back-link">
        <ArrowLeftIcon size={18} />
        {t('pages.backHome')}
      </Link>
    </section>
  );
}
