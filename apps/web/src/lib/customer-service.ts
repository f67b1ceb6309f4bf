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
 * The brand's customer service: its live chat (csType 1), else its first readable channel; null
 * when the brand has none, and then no screen offers it.
 */
export function customerServiceEntry(
  status: Pick<SystemStatus, 'customerService'> | undefined,
): { entry: CustomerServiceEntry; url: string } | null {
  const entries = status?.customerService ?? [];
  const ordered = [
    ...entries.filter((e) => e.csType === CS_LIVE_CHAT),
    ...entries.filter((e) => e.csType !== CS_LIVE_CHAT),
  ];
  for (const entry of ordered) {
    const url = customerServiceUrl(entry);
    if (url) return { entry, url };
  }
  return null;
}

/**
 * Opens the brand's customer service in a new tab. Returns false when the brand has none, so the
 * caller can say so.
 */
export function openCustomerService(status: Pick<SystemStatus, 'customerService'> | undefined): boolean {
  const service = customerServiceEntry(status);
  if (!service) return false;
  window.open(service.url, '_blank', 'noopener,noreferrer');
  return true;
}
