import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { allows, useMe } from '../../lib/staff';

/** The Staff area's screens; the address allow-list is the brand's, shown with brand.read. */
export function StaffTabs() {
  const { t } = useTranslation();
  const me = useMe().data;
  const tabs = [
    { to: '/staff', label: t('staffArea.tabs.staff'), end: true },
    { to: '/staff/roles', label: t('staffArea.tabs.roles'), end: false },
    ...(allows(me, 'brand.read') ? [{ to: '/staff/addresses', label: t('staffArea.tabs.addresses'), end: false }] : []),
  ];
  return (
    <nav className="tabs" aria-label={t('staffArea.tabs.label')}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end} className="tab">
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
