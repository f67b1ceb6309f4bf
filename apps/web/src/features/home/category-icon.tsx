/** A simple line icon per game category (decorative: the tile names the category in words). */
const PATHS: Record<string, string> = {
  RNG: 'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM4 9h16M4 15h16M9.5 4v16M14.5 4v16',
  FISH: 'M3 12c3-5 9-6 13-3l4-3v12l-4-3c-4 3-10 2-13-3zM14 11h.01',
  PVP: 'M7 4h8l4 4v12H7zM11 12l1.5 2.5L14 12l-1.5-2.5zM3 7v13',
  LIVE: 'M4 7h11a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zM16 10.5l5-3v9l-5-3',
  ELOTT: 'M6 3h12v18H6zM9 7h6M9 11h6M9 15h3',
  LOTT: 'M4 7a2 2 0 0 0 0 4v6h16v-6a2 2 0 0 0 0-4V5H4zM10 5v12',
  COCKFIGHT: 'M8 20l2-5M14 20l-1-5M6 11c0-4 3-7 7-7 2 0 4 1 5 3l3 1-3 1c0 4-3 6-6 6H9c-2 0-3-2-3-4z',
  SPORTS:
    'M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM12 7l4 3-1.5 4.5h-5L8 10zM12 3v4M16 10l4.5-1.5M14.5 14.5l2.5 4M9.5 14.5l-2.5 4M8 10L3.5 8.5',
  ESPORTS:
    'M7 8h10a4 4 0 0 1 4 4v3a3 3 0 0 1-5.2 2L14 15h-4l-1.8 2A3 3 0 0 1 3 15v-3a4 4 0 0 1 4-4zM8 11v3M6.5 12.5h3M15.5 12h.01M17.5 13.5h.01',
  INHOUSE: 'M4 11l8-7 8 7v9H4zM10 20v-5h4v5',
  HOT: 'M12 3c1 4 5 5 5 10a5 5 0 0 1-10 0c0-2 1-3 2-4 0 2 1 3 2 3 0-4-1-6 1-9z',
};

export function CategoryIcon({ category }: { category: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[category] ?? PATHS.HOT} />
    </svg>
  );
}
