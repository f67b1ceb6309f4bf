import { ANNOUNCEMENT_TYPES, PROMOTION_CATEGORIES, RESOURCE_TYPES } from '@khela/contract/constants';
import {
  AnnouncementFields,
  BannerFields,
  type ContentKind,
  HelpSectionFields,
  PromotionFields,
  ResourceFields,
  ServiceChannelFields,
} from '@khela/contract/staff-content';
import type { z } from '@khela/contract/zod';
import type { ContentRow } from './api';

/**
 * What the Content screen shows and edits of each kind: its form's fields in order, a new
 * record's values, the column that tells rows apart, and whether the operator sets its order.
 * The form checks with the contract's own schema (the server's rules).
 */

export type FieldDef =
  | { name: string; type: 'text' | 'url' | 'number' }
  | { name: string; type: 'select'; options: readonly (string | number)[]; numeric?: boolean }
  | { name: string; type: 'check' }
  /** A plain text per language. */
  | { name: string; type: 'localized' }
  /** HTML per language, in the rich-text editor. */
  | { name: string; type: 'html' }
  | { name: string; type: 'datetime' };

export type KindDef = {
  kind: ContentKind;
  schema: z.ZodObject;
  fields: FieldDef[];
  blank: () => Record<string, unknown>;
  /** The field shown beside the title in the list (the carousel, the type …). */
  tag: string | null;
  /** The list's title: a per-language field, or a plain one. */
  title: string;
  ordered: boolean;
  /** The on/off field, when the kind has one. */
  toggle: 'active' | null;
  /** Whether the list shows when each record starts and stops showing. */
  dated: boolean;
};

const window = { startsAt: null, endsAt: null };

/** Customer-service kinds the player site knows (spec §7); 3 travels obfuscated. */
export const CS_TYPES = [1, 2, 3, 4, 5] as const;

export const KINDS: Record<ContentKind, KindDef> = {
  banners: {
    kind: 'banners',
    schema: BannerFields,
    fields: [
      { name: 'groupName', type: 'text' },
      { name: 'title', type: 'localized' },
      { name: 'imageUrl', type: 'url' },
      { name: 'linkageType', type: 'select', options: ['none', 'route', 'url'] },
      { name: 'linkageValue', type: 'url' },
      { name: 'sort', type: 'number' },
      { name: 'startsAt', type: 'datetime' },
      { name: 'endsAt', type: 'datetime' },
      { name: 'active', type: 'check' },
    ],
    blank: () => ({
      groupName: 'w_home',
      title: { bn: '', en: '' },
      imageUrl: '',
      linkageType: 'none',
      linkageValue: '',
      sort: 0,
      active: true,
      ...window,
    }),
    tag: 'groupName',
    title: 'title',
    ordered: true,
    toggle: 'active',
    dated: true,
  },
  announcements: {
    kind: 'announcements',
    schema: AnnouncementFields,
    fields: [
      { name: 'type', type: 'select', options: ANNOUNCEMENT_TYPES },
      { name: 'title', type: 'localized' },
      { name: 'content', type: 'html' },
      { name: 'startsAt', type: 'datetime' },
      { name: 'endsAt', type: 'datetime' },
      { name: 'popup', type: 'check' },
      { name: 'active', type: 'check' },
    ],
    blank: () => ({
      type: 'PL',
      title: { bn: '', en: '' },
      content: { bn: '', en: '' },
      popup: false,
      active: true,
      ...window,
    }),
    tag: 'type',
    title: 'title',
    ordered: false,
    toggle: 'active',
    dated: true,
  },
  promotions: {
    kind: 'promotions',
    schema: PromotionFields,
    fields: [
      { name: 'category', type: 'select', options: PROMOTION_CATEGORIES },
      { name: 'title', type: 'localized' },
      { name: 'body', type: 'html' },
      { name: 'imageUrl', type: 'url' },
      { name: 'sort', type: 'number' },
      { name: 'startsAt', type: 'datetime' },
      { name: 'endsAt', type: 'datetime' },
      { name: 'active', type: 'check' },
    ],
    blank: () => ({
      category: 'others',
      title: { bn: '', en: '' },
      body: { bn: '', en: '' },
      imageUrl: '',
      sort: 0,
      active: true,
      ...window,
    }),
    tag: 'category',
    title: 'title',
    ordered: true,
    toggle: 'active',
    dated: true,
  },
  help: {
    kind: 'help',
    schema: HelpSectionFields,
    fields: [
      { name: 'key', type: 'text' },
      { name: 'title', type: 'localized' },
      { name: 'content', type: 'html' },
      { name: 'sort', type: 'number' },
      { name: 'active', type: 'check' },
    ],
    blank: () => ({ key: '', title: { bn: '', en: '' }, content: { bn: '', en: '' }, sort: 0, active: true }),
    tag: 'key',
    title: 'title',
    ordered: true,
    toggle: 'active',
    dated: false,
  },
  service: {
    kind: 'service',
    schema: ServiceChannelFields,
    fields: [
      { name: 'csType', type: 'select', options: CS_TYPES, numeric: true },
      { name: 'title', type: 'localized' },
      { name: 'path', type: 'url' },
      { name: 'sort', type: 'number' },
      { name: 'active', type: 'check' },
    ],
    blank: () => ({ csType: 1, title: { bn: '', en: '' }, path: '', sort: 0, active: true }),
    tag: 'csType',
    title: 'title',
    ordered: true,
    toggle: 'active',
    dated: false,
  },
  resources: {
    kind: 'resources',
    schema: ResourceFields,
    fields: [
      { name: 'resourceType', type: 'select', options: RESOURCE_TYPES },
      { name: 'label', type: 'text' },
      { name: 'url', type: 'url' },
      { name: 'qrCodeUrl', type: 'url' },
    ],
    blank: () => ({ resourceType: 'Android', label: '', url: '', qrCodeUrl: '' }),
    tag: 'resourceType',
    title: 'label',
    ordered: false,
    toggle: null,
    dated: false,
  },
};

/** A row's editable fields (what an update sends back with its version). */
export function fieldsOf(def: KindDef, row: ContentRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(def.schema.shape)) out[name] = row[name];
  return out;
}
