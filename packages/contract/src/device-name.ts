/**
 * A browser's User-Agent as a person names their device — "Chrome · Android", "Safari · iPhone" —
 * wherever logins and sessions are listed: the player's security centre, a player's devices and
 * sessions in the back office, a staff member's own sessions. The whole string runs to three lines
 * on a phone, so the lists show this and keep the string as the title. Names are the products' own,
 * so they read the same in every language.
 */

/** Browsers in the order their tokens must be tested: each later one's token appears in the earlier ones' strings. */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/CriOS\/|Chrom(e|ium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const nameOf = (list: [RegExp, string][], ua: string) => list.find(([re]) => re.test(ua))?.[1];

/** What was recognised of browser and system; else the string's start; '—' for none. */
export function deviceName(userAgent: string): string {
  const parts = [nameOf(BROWSERS, userAgent), nameOf(SYSTEMS, userAgent)].filter(Boolean);
  return parts.join(' · ') || userAgent.slice(0, 40) || '—';
}
