import { call } from '@khela/client';
import * as e from '@khela/contract/endpoints';
import type { ContentKind } from '@khela/contract/staff-content';

/**
 * The Content desk's calls, per kind: list, create, update, delete and (where the player site
 * shows an order the operator sets) order. Rows travel as the contract's row types; the screen
 * treats them as records of fields, described per kind in kinds.ts.
 */

export type ContentRow = { id: number; version: number } & Record<string, unknown>;

type Calls = {
  list: () => Promise<ContentRow[]>;
  create: (body: Record<string, unknown>) => Promise<ContentRow>;
  update: (id: number, body: Record<string, unknown>) => Promise<ContentRow>;
  remove: (id: number, version: number) => Promise<unknown>;
  order?: (ids: number[]) => Promise<ContentRow[]>;
};

// The bodies are checked by the contract's own schemas in the form before they are sent.
type Loose = never;
const as = <T>(v: unknown) => v as T;

export const CONTENT_CALLS: Record<ContentKind, Calls> = {
  banners: {
    list: () => call(e.contentBannersCall, {}).then(as<ContentRow[]>),
    create: (body) => call(e.contentBannerCreateCall, as<Loose>(body)).then(as<ContentRow>),
    update: (id, body) => call(e.contentBannerUpdateCall, as<Loose>({ params: { id }, body })).then(as<ContentRow>),
    remove: (id, version) => call(e.contentBannerDeleteCall, { params: { id }, body: { version } }),
    order: (ids) => call(e.contentBannerOrderCall, { ids }).then(as<ContentRow[]>),
  },
  announcements: {
    list: () => call(e.contentAnnouncementsCall, {}).then(as<ContentRow[]>),
    create: (body) => call(e.contentAnnouncementCreateCall, as<Loose>(body)).then(as<ContentRow>),
    update: (id, body) =>
      call(e.contentAnnouncementUpdateCall, as<Loose>({ params: { id }, body })).then(as<ContentRow>),
    remove: (id, version) => call(e.contentAnnouncementDeleteCall, { params: { id }, body: { version } }),
  },
  promotions: {
    list: () => call(e.contentPromotionsCall, {}).then(as<ContentRow[]>),
    create: (body) => call(e.contentPromotionCreateCall, as<Loose>(body)).then(as<ContentRow>),
    update: (id, body) => call(e.contentPromotionUpdateCall, as<Loose>({ params: { id }, body })).then(as<ContentRow>),
    remove: (id, version) => call(e.contentPromotionDeleteCall, { params: { id }, body: { version } }),
    order: (ids) => call(e.contentPromotionOrderCall, { ids }).then(as<ContentRow[]>),
  },
  help: {
    list: () => call(e.contentHelpCall, {}).then(as<ContentRow[]>),
    create: (body) => call(e.contentHelpCreateCall, as<Loose>(body)).then(as<ContentRow>),
    update: (id, body) => call(e.contentHelpUpdateCall, as<Loose>({ params: { id }, body })).then(as<ContentRow>),
    remove: (id, version) => call(e.contentHelpDeleteCall, { params: { id }, body: { version } }),
    order: (ids) => call(e.contentHelpOrderCall, { ids }).then(as<ContentRow[]>),
  },
  service: {
    list: () => call(e.contentServiceCall, {}).then(as<ContentRow[]>),
    create: (body) => call(e.contentServiceCreateCall, as<Loose>(body)).then(as<ContentRow>),
    update: (id, body) => call(e.contentServiceUpdateCall, as<Loose>({ params: { id }, body })).then(as<ContentRow>),
    remove: (id, version) => call(e.contentServiceDeleteCall, { params: { id }, body: { version } }),
    order: (ids) => call(e.contentServiceOrderCall, { ids }).then(as<ContentRow[]>),
  },
  resources: {
    list: () => call(e.contentResourcesCall, {}).then(as<ContentRow[]>),
    create: (body) => call(e.contentResourceCreateCall, as<Loose>(body)).then(as<ContentRow>),
    update: (id, body) => call(e.contentResourceUpdateCall, as<Loose>({ params: { id }, body })).then(as<ContentRow>),
    remove: (id, version) => call(e.contentResourceDeleteCall, { params: { id }, body: { version } }),
  },
};
