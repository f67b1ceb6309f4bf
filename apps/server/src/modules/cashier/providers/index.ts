import type { PaymentProvider } from './adapter';
import { sandboxProvider } from './sandbox';

/**
 * The payment providers this server has, by name. A provider is one file implementing
 * PaymentProvider and one line here; tests register their own adapters with registerProvider.
 */
const providers = new Map<string, PaymentProvider>();

export function registerProvider(p: PaymentProvider) {
  providers.set(p.name, p);
}

/** The provider of that name, or undefined when this server has none by it. */
export function providerFor(name: string): PaymentProvider | undefined {
  return providers.get(name);
}

export function allProviders(): PaymentProvider[] {
  return [...providers.values()];
}

registerProvider(sandboxProvider);
