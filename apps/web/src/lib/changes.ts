/** Listeners to tell of a change in a module's own state, subscribed as useSyncExternalStore does. */
export function changeListeners(): { emit(): void; subscribe(listener: () => void): () => void } {
  const listeners = new Set<() => void>();
  return {
    emit() {
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
