/**
 * The one normaliser of what a person typed (decision 0027): digits of another script read as
 * Latin ones, everything else untouched — a number, a code or an amount means the same in either
 * script. Bengali (০–৯) first; also the digits other keyboards of our players type: Arabic-Indic
 * (two sets), Devanagari, Thai and full-width (a Chinese input method). Dependency-free, so the
 * web's first download, the game pages and the server share it.
 */
const ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50, 0xff10];
const FOREIGN_DIGIT = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59\uff10-\uff19]/g;

export function latinDigits(text: string): string {
  return text.replace(FOREIGN_DIGIT, (d) => {
    const cp = d.codePointAt(0) as number;
    const zero = ZEROS.find((z) => cp >= z && cp <= z + 9) as number;
    return String(cp - zero);
  });
}
