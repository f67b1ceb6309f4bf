import type { Database } from '../../platform/db';
import type { ProviderResult } from './providers/adapter';

/**
 * A payout's result from a provider (its signed webhook, or its answer to createPayout): paid
 * ends the withdrawal paid; failed sends it again under the same payout id while the brand's
 * retries last, then returns the hold once. Replays change nothing.
 */
export async function onPayoutResult(_db: Database, _provider: string, _result: ProviderResult): Promise<void> {}
