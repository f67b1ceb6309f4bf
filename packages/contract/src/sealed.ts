/**
 * Sealed request bodies (RFC 9180 HPKE, base mode). Spec §7 marks the login, registration and
 * password bodies encrypted: the client seals the JSON body to the server's published key and
 * sends `{ sealed: { keyId, enc, ct, ts } }` instead. No zod here: the web app imports it.
 */

/** The suite: DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, AES-128-GCM. */
export const SEALED_SUITE = { kem: 'DHKEM(X25519, HKDF-SHA256)', kdf: 'HKDF-SHA256', aead: 'AES-128-GCM' } as const;

/** Where the server publishes its key (GET, no token). */
export const SEALED_KEY_PATH = '/wps/system/hpke';

/** The calls whose bodies may (or, with SEALED_BODIES=required, must) be sealed, as `METHOD path`. */
export const SEALED_CALLS = [
  'POST /wps/session/login',
  'POST /wps/member/register',
  'POST /wps/member/register/mobile',
  'POST /wps/member/password/verification',
  'PUT /wps/member/password',
  // The cashier's calls that carry the payment password (or, binding a mobile, the login password).
  'PUT /wps/member/password/payment',
  'POST /wps/cashier/withdraw',
  'POST /wps/cashier/payout-accounts',
  'POST /wps/cashier/transfers',
  'PUT /wps/member/security/mobile',
  'PUT /wps/member/security/email',
] as const;

/**
 * The HPKE `info` of a sealed body: binds it to one call, so a sealed login cannot be sent to
 * another path. The timestamp goes in the AEAD's associated data (`sealedAad`).
 */
export function sealedInfo(method: string, path: string): string {
  return `khela sealed body v1\n${method.toUpperCase()} ${path}`;
}

export function sealedAad(ts: number): string {
  return `ts=${ts}`;
}

/** What the client sends in place of the JSON body. */
export type SealedEnvelope = {
  sealed: {
    /** The key id from GET /wps/system/hpke. */
    keyId: string;
    /** HPKE encapsulated key, base64url. */
    enc: string;
    /** The JSON body sealed with AEAD, base64url. */
    ct: string;
    /** Milliseconds since the epoch on the server's clock (serverTime of the key answer + elapsed). */
    ts: number;
  };
};
