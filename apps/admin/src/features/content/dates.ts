import { formatter } from '@khela/contract/format';

/**
 * The form's date-and-time fields are typed in the brand's time zone (what the screen says its
 * data is in) and travel as ISO instants. `<input type="datetime-local">` knows no zone, so the
 * conversion is here, through the one formatter's zoned timestamp ('YYYY-MM-DD HH:mm:ss').
 */
const latin = formatter('en');

/** The wall-clock time in `timeZone` at `at`, read back as if it were UTC, in ms. */
function wallClock(at: number, timeZone: string): number {
  return Date.parse(`${latin.timestamp(at, timeZone).replace(' ', 'T')}Z`);
}

/** 'YYYY-MM-DDTHH:mm' in `timeZone` → ISO instant; '' → null. */
export function zonedToIso(local: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return null;
  const asUtc = Date.parse(`${local.slice(0, 16)}:00Z`);
  // The zone's offset at about that moment (exact away from a clock change).
  return new Date(asUtc - (wallClock(asUtc, timeZone) - asUtc)).toISOString();
}

/** ISO instant → 'YYYY-MM-DDTHH:mm' in `timeZone`; null → ''. */
export function isoToZoned(iso: string | null | undefined, timeZone: string): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  return latin.timestamp(iso, timeZone).replace(' ', 'T').slice(0, 16);
}
