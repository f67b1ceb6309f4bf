import type { BrandInfo, Locale } from '@khela/contract';

/**
 * The web app manifest (W3C Web Application Manifest) of a brand's site, served at
 * /manifest.webmanifest: what a phone needs to install the site on its home screen and open it
 * like an app. Built per brand (its name) and language (`?lang=`, one of the brand's; the web
 * app points its manifest link at the reader's language). The name stays the brand's own: a
 * brand name is not translated; the description is.
 */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';

/** Drawn from the logo mark by apps/web/scripts/draw-app-icons.mjs into apps/web/public/img/app. */
export const APP_ICONS = [
  { src: '/img/app/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/img/app/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/img/app/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/img/app/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** The dark theme's page colour (apps/web/src/styles/tokens.css --bg): the splash screen and bars. */
const BACKGROUND = '#0d1117';

const DESCRIPTION: Record<Locale, (brand: string) => string> = {
  bn: (brand) => `${brand}-এ স্লট, লাইভ ক্যাসিনো, লটারি আর স্পোর্টস, সবই আপনার ফোনে।`,
  en: (brand) => `Slots, live casino, lottery and sports at ${brand}, on your phone.`,
  cn: (brand) => `${brand}的老虎机、真人娱乐场、彩票和体育，尽在您的手机上。`,
  id: (brand) => `Slot, kasino langsung, lotre, dan olahraga di ${brand}, langsung dari ponsel Anda.`,
  th: (brand) => `สล็อต คาสิโนสด หวย และกีฬาที่ ${brand} เล่นได้บนมือถือของคุณ`,
  ty: (brand) => `Slots, live casino, lottery and sports at ${brand}, on your phone.`,
  vi: (brand) => `Slot, sòng bài trực tiếp, xổ số và thể thao tại ${brand}, ngay trên điện thoại của bạn.`,
};

/** The language a manifest is written in: the one asked for when the brand offers it, else its default. */
export function manifestLanguage(brand: Pick<BrandInfo, 'languages' | 'defaultLanguage'>, asked: unknown): Locale {
  const offered = brand.languages as readonly string[];
  return typeof asked === 'string' && offered.includes(asked) ? (asked as Locale) : brand.defaultLanguage;
}

export function webManifest(brand: BrandInfo, asked: unknown) {
  const lang = manifestLanguage(brand, asked);
  return {
    id: '/',
    name: brand.name,
    short_name: brand.name,
    description: DESCRIPTION[lang](brand.name),
    lang,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND,
    theme_color: BACKGROUND,
    categories: ['games', 'entertainment'],
    icons: APP_ICONS,
  };
}
