/**
 * Digits as people type them on a Bangla keyboard (০–৯) read as Latin ones, everything else
 * untouched: a number, a code or an amount means the same in either script. Dependency-free, so
 * the web's first download and the server share it.
 */
export function latinDigits(text: string): string {
  return text.replace(/[\u09e6-\u09ef]/g, (d) => String(d.charCodeAt(0) - 0x09e6));
}
