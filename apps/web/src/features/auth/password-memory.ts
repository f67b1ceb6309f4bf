/*
 * The password just typed at login, held in memory only (never in storage) so a forced change
 * right after login does not ask for it again (spec §2: oldPassword 'only if not already known').
 */
let known: string | null = null;

export function rememberPasswordForChange(password: string) {
  known = password;
}
export function knownPassword(): string | null {
  return known;
}
export function forgetKnownPassword() {
  known = null;
}
