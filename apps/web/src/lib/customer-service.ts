import type { CustomerServiceEntry, SystemStatus } from '@khela/contract';
import { CS_ENCRYPTED_TYPE, decryptCsPath } from '@khela/contract/cs-path';
import { isSafeContentUrl } from '@khela/contract/rich-text';

/** Live chat is csType 1; type 3 paths arrive encrypted (spec §7). */
export const CS_LIVE_CHAT = 1;

/** The plain address of an entry, or null when it cannot be read. */
export function customerServiceUrl(entry: CustomerServiceEntry): string | null {
  let path = entry.path;
  if (entry.csType === CS_ENCRYPTED_TYPE) {
    try {
      path = decryptCsPath(path);
    } catch {
      return null;
    }
  }
  // The contract's rule for stored URLs, as the server applies it: http(s) or a site path.
  return isSafeContentUrl(path) ? path : null;
}

/**
 * Opens the brand's customer service (the csType 1 entry, else the first readable one) in a new
 * tab. Returns false when the brand has none, so the caller can say so.
 */
export function openCustomerService(status: Pick<SystemStatus, 'customerService'> | undefined): boolean {
  const entries = status?.customerService ?? [];
  const ordered = [
    ...entries.filter((e) => e.csType === CS_LIVE_CHAT),
    ...entries.filter((e) => e.csType !== CS_LIVE_CHAT),
  ];
  for (const entry of ordered) {
    const url = customerServiceUrl(entry);
    if (url) {
      window.open(url, '_blank', 'noopener,noreferrer');
      return true;
    }
  }
  return false;
}
