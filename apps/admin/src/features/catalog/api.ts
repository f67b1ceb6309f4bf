import { call } from '@khela/client';
import {
  catalogGameCreateCall,
  catalogGamesCall,
  catalogGameUpdateCall,
  catalogInhouseCall,
  catalogRotateSecretCall,
  catalogVendorCreateCall,
  catalogVendorsCall,
  catalogVendorUpdateCall,
} from '@khela/contract/endpoints';
import type {
  CatalogGameRow,
  CatalogNewGameBody,
  CatalogNewVendorBody,
  CatalogVendorRow,
} from '@khela/contract/staff-catalog';
import type { z } from '@khela/contract/zod';

/** The Catalog desk's calls (decision 0039). */

export const VENDORS_KEY = ['bo', 'catalog', 'vendors'] as const;
export const GAMES_KEY = ['bo', 'catalog', 'games'] as const;

export const listVendors = () => call(catalogVendorsCall, {});

/** What a vendor save sends: its editable fields and the version read. */
export function vendorBody(v: CatalogVendorRow) {
  return {
    names: v.names,
    icon: v.icon ?? '',
    isHot: v.isHot,
    enabled: v.enabled,
    maintenance: v.maintenance,
    sort: v.sort,
    launchUrl: v.launchUrl ?? '',
    launchUrl2: v.launchUrl2 ?? '',
    version: v.version,
  };
}

export type VendorBody = ReturnType<typeof vendorBody> & { reason?: string };

export const saveVendor = (id: number, body: VendorBody) => call(catalogVendorUpdateCall, { params: { id }, body });

export const rotateSecret = (id: number, overlapMinutes: number, reason: string) =>
  call(catalogRotateSecretCall, { params: { id }, body: { overlapMinutes, reason } });

export const listGames = (
  q: { vendorId?: number; status?: 'all' | 'on' | 'off' | 'hot'; q?: string; page: number; pageSize: number },
  signal?: AbortSignal,
) => call(catalogGamesCall, q, { signal });

export function gameBody(g: CatalogGameRow) {
  return { names: g.names, icon: g.icon ?? '', isHot: g.isHot, enabled: g.enabled, sort: g.sort, version: g.version };
}

export type GameBody = ReturnType<typeof gameBody> & { reason?: string };

export const saveGame = (id: number, body: GameBody) => call(catalogGameUpdateCall, { params: { id }, body });

/** What adding a vendor sends; its secret, when it gets a wallet account, comes back once. */
export type NewVendorBody = z.input<typeof CatalogNewVendorBody>;

export const NEW_VENDOR: NewVendorBody = {
  vassalage: '',
  category: 'RNG',
  names: { bn: '', en: '' },
  icon: '',
  isHot: false,
  enabled: true,
  sort: 0,
  launchUrl: '',
  launchUrl2: '',
  walletAccount: true,
};

export const createVendor = (body: NewVendorBody) => call(catalogVendorCreateCall, body);

export type NewGameBody = z.input<typeof CatalogNewGameBody>;

export const createGame = (body: NewGameBody) => call(catalogGameCreateCall, body);

export const installInhouse = () => call(catalogInhouseCall, {});
