import type { GameItem } from '@khela/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useSessionToken } from '../../lib/session';
import { local } from '../../lib/storage';
import { toggleFavourite, useFavouriteIds } from './api';

/**
 * Favourites (spec §3, §4): a visitor's stay in this browser (localStorage), a player's on the
 * server (reloaded on every login). When a visitor logs in, the games starred before are added
 * to the account and the local list is emptied.
 */
export type GuestFavourite = GameItem;

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: GuestFavourite[] } = { raw: null, list: [] };

function read(): GuestFavourite[] {
  const raw = local.get('guestFavourites');
  if (raw === cache.raw) return cache.list;
  let list: GuestFavourite[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) {
      list = parsed.filter(
        (g): g is GuestFavourite =>
          !!g &&
          typeof g === 'object' &&
          Number.isInteger((g as GuestFavourite).nodeId) &&
          typeof (g as GuestFavourite).vassalage === 'string',
      );
    }
  } catch {
    list = [];
  }
  cache = { raw, list };
  return list;
}

function write(list: GuestFavourite[]) {
  if (list.length === 0) local.remove('guestFavourites');
  else local.set('guestFavourites', JSON.stringify(list));
  for (const l of listeners) l();
}

export const guestFavourites = {
  get: read,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  },
  /** Adds the game if absent, removes it if present; returns whether it is a favourite now. */
  toggle(game: GameItem): boolean {
    const list = read();
    if (list.some((g) => g.nodeId === game.nodeId)) {
      write(list.filter((g) => g.nodeId !== game.nodeId));
      return false;
    }
    write([game, ...list]);
    return true;
  },
  clear: () => write([]),
};

export function useGuestFavourites(): GuestFavourite[] {
  return useSyncExternalStore(guestFavourites.subscribe, guestFavourites.get);
}

/** The favourite ids to show stars for, and the toggle, for visitors and players alike. */
export function useFavourites() {
  const token = useSessionToken();
  const qc = useQueryClient();
  const server = useFavouriteIds();
  const guest = useGuestFavourites();
  const ids = new Set(token ? (server.data ?? []) : guest.map((g) => g.nodeId));

  async function toggle(game: GameItem): Promise<{ favourite: boolean; local: boolean }> {
    if (!token) return { favourite: guestFavourites.toggle(game), local: true };
    const res = await toggleFavourite(game);
    qc.setQueryData<number[]>(['games', 'favouriteIds', token], (old = []) =>
      res.favourite ? [...old.filter((id) => id !== res.nodeId), res.nodeId] : old.filter((id) => id !== res.nodeId),
    );
    void qc.invalidateQueries({ queryKey: ['games', 'favourites'] });
    return { favourite: res.favourite, local: false };
  }
  return { ids, toggle };
}

/** After a login, the visitor's local favourites move to the account (set, never toggled). */
export function useAdoptGuestFavourites() {
  const token = useSessionToken();
  const qc = useQueryClient();
  useEffect(() => {
    const list = guestFavourites.get();
    if (!token || list.length === 0) return;
    let cancelled = false;
    void Promise.allSettled(list.map((g) => toggleFavourite(g, true))).then(() => {
      if (cancelled) return;
      guestFavourites.clear();
      void qc.invalidateQueries({ queryKey: ['games', 'favouriteIds'] });
      void qc.invalidateQueries({ queryKey: ['games', 'favourites'] });
    });
    return () => {
      cancelled = true;
    };
  }, [token, qc]);
}
