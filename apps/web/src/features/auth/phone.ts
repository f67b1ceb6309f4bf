import type { MobileCheck, MobileReading } from '@khela/contract/validation';
import { useEffect } from 'react';
import { useSystemStatus } from '../../lib/system';

/*
 * The phone-number library on the web (decision 0023). Its full metadata weighs about 40 KB
 * gzipped, too much for the first page, so it is fetched with a dynamic import when a form with
 * a mobile number first shows, and awaited when the number is checked. Then the web reads a
 * number exactly as the server does (the same `readMobile`, through the validation engine). If
 * the chunk cannot load, the number goes to the server as typed and its field error is shown.
 */

type PhoneModule = typeof import('@khela/contract/phone');
let loading: Promise<PhoneModule> | undefined;

/** The library, fetched once; a failed fetch is tried again by the next caller. */
export function loadPhone(): Promise<PhoneModule> {
  loading ??= import('@khela/contract/phone').catch((e: unknown) => {
    loading = undefined;
    throw e;
  });
  return loading;
}

/** Bangladesh: the dialling code while the brand's are not known. */
export const DEFAULT_DIALING_CODE = '+880';

/** The brand's dialling codes ('+880' first): the picker offers them and no other is texted. */
export function useDialingCodes(): string[] {
  const codes = useSystemStatus().data?.mobileDialingCodes;
  return codes && codes.length > 0 ? codes : [DEFAULT_DIALING_CODE];
}

/** What a form sends for a typed number: E.164 and its code once read, else as typed. */
export type TypedNumber = { mobile: string; dial: string; reading: MobileReading | null };

/**
 * A form's reader of typed numbers. `prefetch`: start fetching the library now (a form about a
 * number); otherwise `prefetch()` when the number field gets focus, so a password login or a
 * registration without a number never downloads it. `check(dial)` is the validation engine's
 * MobileCheck for the picker's code (null when the library could not load); `read` checks one
 * number and says what to send.
 */
export function usePhoneReader(prefetchNow = true) {
  const codes = useDialingCodes();
  useEffect(() => {
    if (prefetchNow) prefetch();
  }, [prefetchNow]);

  async function check(dial: string): Promise<MobileCheck> {
    try {
      const phone = await loadPhone();
      return (typed) => phone.readMobile(typed, { dialingCode: dial, allowed: codes });
    } catch {
      return null;
    }
  }

  async function read(typed: string, dial: string): Promise<TypedNumber> {
    const reading = (await check(dial))?.(typed) ?? null;
    return reading?.ok
      ? { mobile: reading.e164, dial: reading.dialingCode, reading }
      : { mobile: typed.trim(), dial, reading };
  }

  /** The params of a number's messages: the brand's codes for validation.mobileCountry. */
  const params = { codes: codes.join(', ') };
  return { codes, check, read, params, prefetch };
}

function prefetch() {
  loadPhone().catch(() => undefined);
}
