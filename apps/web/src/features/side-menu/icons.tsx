/**
 * Line icons of the side menu (24×24, stroke = currentColor). Social links use generic glyphs
 * (camera, paper plane, chat bubble…), never the networks' logos.
 */
const PATHS = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5',
  hot: 'M12 21c-3.9 0-6.5-2.6-6.5-6.2 0-3.2 2.2-5.1 3.6-7.3.5 1.7 1.3 2.8 2.4 3.4.2-2.8 1.4-5.3 3.5-7 .3 3.3 3.5 5.2 3.5 9.9 0 4.2-2.7 7.2-6.5 7.2Z',
  ELOTT: 'M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4V7Zm10 0v10',
  LOTT: 'M7.5 12a3.5 3.5 0 1 0 0 .01M16.5 8.5a3.5 3.5 0 1 0 0 .01M16.5 15.5a3.5 3.5 0 1 0 0 .01',
  LIVE: 'M12 3.5c2.5 3 6 4.6 6 8a3.5 3.5 0 0 1-5.2 3l.9 4H10.3l.9-4A3.5 3.5 0 0 1 6 11.5c0-3.4 3.5-5 6-8Z',
  SPORTS:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4.5 3.6 2.6-1.4 4.3H9.8l-1.4-4.3L12 7.5Zm0-4.5v4.5m3.6 2.6 4.6-1.6M14.2 14.4l2.6 4.2M9.8 14.4l-2.6 4.2M8.4 10.1 3.8 8.5',
  FISH: 'M3 12c3-4.5 9-6 13.5-2.5L21 6v12l-4.5-3.5C12 18 6 16.5 3 12Zm5.5-1v.01',
  RNG: 'M5 4h11v16H5zM8 8h5v5H8zM16 9h2.5a1 1 0 0 1 1 1v3M19.5 6.5v2.5M8 16.5h5',
  PVP: 'M4.5 6.5 10 5l3 11-5.5 1.5-3-11Zm8.6-1.2 6.4.7-1.2 11.6-3.4-.4',
  ESPORTS:
    'M7 8h10a4 4 0 0 1 4 4v3a2.5 2.5 0 0 1-4.5 1.5L15 15H9l-1.5 1.5A2.5 2.5 0 0 1 3 15v-3a4 4 0 0 1 4-4Zm1 2.5v3m-1.5-1.5h3M15.5 11v.01M17.5 13v.01',
  inhouse: 'M5 5h14v14H5zM9 9v.01M15 9v.01M12 12v.01M9 15v.01M15 15v.01',
  fairness: 'M12 3 5 6v5c0 4.5 3 8.2 7 10 4-1.8 7-5.5 7-10V6l-7-3Zm-3 9 2 2 4-4',
  promotions:
    'M4 10h16v4H4zM5.5 14v6h13v-6M12 10v10M12 10c-1.5-3.5-6-4.5-6-1.8C6 10 9.5 10 12 10Zm0 0c1.5-3.5 6-4.5 6-1.8 0 1.8-3.5 1.8-6 1.8Z',
  support:
    'M4.5 13.5v-2a7.5 7.5 0 0 1 15 0v2M4.5 13.5a1.5 1.5 0 0 1 1.5-1.5h1v5H6a1.5 1.5 0 0 1-1.5-1.5v-2Zm15 0a1.5 1.5 0 0 0-1.5-1.5h-1v5h1M17 17c0 1.7-1.8 3-4.5 3',
  messages: 'M4 6h16v12H4zM4.5 6.5 12 12.5l7.5-6',
  notice: 'M4 10v4h3l6 4V6L7 10H4Zm13-1.5a4.5 4.5 0 0 1 0 7',
  help: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-2.6 6.6a2.6 2.6 0 1 1 3.7 2.4c-.7.3-1.1.9-1.1 1.7v.8m0 3v.01',
  vip: 'M4 8l4 3.5L12 5l4 6.5L20 8l-1.8 10H5.8L4 8Z',
  channel: 'M5 5h14v10H9l-4 4V5Zm4 5h.01M12 10h.01M15 10h.01',
  download:
    'M8 3h8a1.5 1.5 0 0 1 1.5 1.5v15A1.5 1.5 0 0 1 16 21H8a1.5 1.5 0 0 1-1.5-1.5v-15A1.5 1.5 0 0 1 8 3Zm4 4v7m-3-3 3 3 3-3M11 18h2',
  globe:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-9 9h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z',
  chevron: 'M6 9l6 6 6-6',
  collapse: 'M14.5 6 8.5 12l6 6',
  close: 'M6 6l12 12M18 6 6 18',
  FACEBOOK:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9a6 6 0 0 1 12 0M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.5a6 6 0 0 1 3 5.5',
  INSTAGRAM:
    'M4 8a3 3 0 0 1 3-3h2l1.5-2h3L15 5h2a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V8Zm8 1.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Z',
  TELEGRAM: 'M21 4 3 11.5l6 2.2M21 4l-3 16-7.5-5.5M21 4 9 13.7m0 0 1.5 6.3 2.5-4',
  WHATSAPP:
    'M12 3.5a8.5 8.5 0 0 0-7.3 12.8L3.5 20.5l4.3-1.1A8.5 8.5 0 1 0 12 3.5Zm-3 5c.5 3 2.5 5.5 6 6.5l1.2-1.4-1.8-1-1 .8c-1-.5-2-1.5-2.4-2.5l.8-1-.9-1.8L9 8.5Z',
} as const;

export type IconName = keyof typeof PATHS;

export function hasIcon(name: string): name is IconName {
  return name in PATHS;
}

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={className}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
