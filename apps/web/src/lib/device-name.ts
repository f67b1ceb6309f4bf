/**
 * A browser's User-Agent as a person names their device — "Chrome, Android", "Safari, iPhone" —
 * for the security centre's lists of logins and sessions, where the whole string ran to three
 * lines on a phone. Names are the products' own, so they read the same in every language; a string
 * this does not recognise (both parts) is shown as it came (the caller keeps it as the title too).
 */

/** Browsers in the order their tokens must be tested: each later one's token appears in the earlier ones' strings. */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/CriOS\/|Chrom(e|ium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
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

export function deviceName(userAgent: string): string {
  const browser = nameOf(BROWSERS, userAgent);
  const system = nameOf(SYSTEMS, userAgent);
  return browser && system ? `${browser}, ${system}` : userAgent;
}
