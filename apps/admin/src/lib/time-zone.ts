/**
 * The zone a brand's data is written in (BACK-OFFICE.md "Screens": every screen shows it).
 * Asia/Dhaka until the brand settings carry a zone of their own; then this reads it from there.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Dhaka';
