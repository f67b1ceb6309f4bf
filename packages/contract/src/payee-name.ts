import { VALIDATION_KEYS } from './validation';

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

/** A payee name's length in characters as a person sees them, after `payeeText`. */
export const PAYEE_NAME_MIN = 2;
export const PAYEE_NAME_MAX = 60;
/**
 * Letters of any script with their marks (Bengali vowel signs are marks), then letters, marks,
 * spaces and the . ' - of names like "Md. Abdul" or "D'Souza": a bank's account name, never digits.
 */
const PAYEE_NAME_SHAPE = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;

/**
 * Why a payee name cannot be stored (the field error key), or null: the rules every payee name
 * meets whoever types it, before any brand's own pattern.
 */
export function payeeNameError(name: string): string | null {
  const text = payeeText(name);
  if (text === '') return VALIDATION_KEYS.required;
  const length = Array.from(text).length;
  if (length < PAYEE_NAME_MIN || length > PAYEE_NAME_MAX || !PAYEE_NAME_SHAPE.test(text))
    return VALIDATION_KEYS.payeeName;
  return null;
}
