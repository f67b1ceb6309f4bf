/**
 * The payee name (spec §5 payeeName): the name on a member's bank and wallet accounts, set at
 * registration or with the first payout account and compared with every later one.
 */

/** As stored: NFC, trimmed, single spaces (its letters' case as the player typed). */
export function payeeText(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/**
 * As compared: Unicode NFC, trimmed, runs of spaces as one, case-folded — so "ABDUL  Karim " is
 * "Abdul Karim", whatever keyboard typed it.
 */
export function payeeKey(name: string): string {
  return payeeText(name).toLowerCase().normalize('NFC');
}
