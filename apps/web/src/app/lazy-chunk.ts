import { CHUNK_LOAD_TIMEOUT_MS } from '@khela/contract/constants';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A code chunk that failed to download or took longer than CHUNK_LOAD_TIMEOUT_MS (spec §8). */
export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    readonly timedOut: boolean,
  ) {
    super(`Loading chunk ${chunk} failed`);
    this.name = 'ChunkLoadError';
  }
}

/** Browsers word a failed dynamic import differently; these are the known phrasings. */
const CHUNK_FAILURE =
  /Loading chunk|dynamically imported module|Importing a module script failed|error loading dynamically/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));
}

/** Loads a chunk, failing with ChunkLoadError on error or after the timeout. */
export function loadChunk<T>(name: string, load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(name, true)), timeoutMs);
    load().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      () => {
        clearTimeout(timer);
        reject(new ChunkLoadError(name, false));
      },
    );
  });
}

/**
 * React.lazy remembers a failed import forever, so a retry needs a fresh lazy component: the
 * cache hands out one per name until `forgetChunk` drops it.
 */
const cache = new Map<string, unknown>();

export function lazyChunk<P>(name: string, load: () => Promise<{ default: ComponentType<P> }>) {
  let hit = cache.get(name) as LazyExoticComponent<ComponentType<P>> | undefined;
  if (!hit) {
    hit = lazy(() => loadChunk(name, load));
    cache.set(name, hit);
  }
  return hit;
}

export function forgetChunk(name: string) {
  cache.delete(name);
}
