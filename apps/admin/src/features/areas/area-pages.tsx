import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page';
import { EmptyState } from '../../components/states';

/** An area whose screens are not built yet: says what will come, instead of a dead link. */
export function ComingSoon({ area }: { area: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`nav.${area}`)} />
      <EmptyState title={t('areas.comingTitle')} text={t(`areas.coming.${area}`)} />
    </>
  );
}

/** 403: the staff member's roles do not open this area. */
export function Forbidden({ roles }: { roles: string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('areas.forbiddenTitle')} />
      <EmptyState
        title={t('areas.forbiddenHeading')}
        text={t('areas.forbiddenText', { roles: roles.map((r) => t(`roles.${r}`, { defaultValue: r })).join(', ') })}
      >
        <Link to="/" className="button">
          {t('areas.home')}
        </Link>
      </EmptyState>
    </>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('areas.notFoundTitle')} />
      <EmptyState title={t('areas.notFoundTitle')} text={t('areas.notFoundText')}>
        <Link to="/" className="button">
          {t('areas.home')}
        </Link>
      </EmptyState>
    </>
  );
}
