import { formatter } from '@khela/contract/format';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE } from './time-zone';

/**
 * The one formatter (contract format.ts) in the staff member's language, with the brand's time
 * zone for timestamps: `f.at(row.createdAt)` → "২০২৬-১১-২৬ ১৫:৩০:০০" in Bengali.
 */
export function useFormat() {
  const { i18n } = useTranslation();
  const f = formatter(i18n.language);
  const timeZone = DEFAULT_TIME_ZONE;
  return {
    ...f,
    timeZone,
    at: (value: string | Date | number) => f.timestamp(value, timeZone),
  };
}
