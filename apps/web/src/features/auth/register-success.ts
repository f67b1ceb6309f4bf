/** The auto-created account number shown by the success popup after mobile registration (spec §2). */
let account: string | null = null;
export function setRegisteredAccount(value: string | null) {
  account = value;
}
export function registeredAccount(): string | null {
  return account;
}
