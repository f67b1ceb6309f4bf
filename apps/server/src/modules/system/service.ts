import { hash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  ANNOUNCEMENT_TYPES,
  type Announcement,
  type AnnouncementType,
  type Banner,
  type CustomerServiceEntry,
  type CustomerServicePaths,
  type DomainRoute,
  type HelpCenter,
  type NoticeList,
  type RegisterSettings,
  SYSTEM_STATUS,
  SystemStatus,
  type Whitelabel,
} from '@khela/contract';
import { type BrandSnapshot, textIn } from '../../platform/brand';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD_BYTES, GZIP_LEVEL } from '../../platform/compression';
import type { Database } from '../../platform/db';
import { safeHtml, safeUrl } from '../../platform/stored-content';
import * as repo from './repo';

export {
  type BannerInput,
  type CustomerServiceInput,
  type HelpSectionInput,
  type NoticeInput,
  type ResourceInput,
  saveBanner,
  saveCustomerService,
  saveHelpSection,
  saveNotice,
  saveResource,
} from './content';

/** What the visitor may do right now (spec §2 'App root by system status'). */
export type Access = {
  status: 0 | 1 | 2;
  maintenance: boolean;
  maintenanceEnd: string | null;
  regionRestriction: boolean;
};

/** In the maintenance window [start, end); a window without a start is not scheduled. */
export function inMaintenance(brand: BrandSnapshot, now: number): boolean {
  const { maintenanceStart: start, maintenanceEnd: end } = brand;
  return start !== null && now >= start && (end === null || now < end);
}

export function hasRegionRules(brand: BrandSnapshot): boolean {
  return brand.allowCountries.size > 0 || brand.denyCountries.size > 0;
}

/**
 * Denied countries are refused; when an allow list exists, only its countries are let in.
 * An unknown country ('': private address, not in the geo database) passes a deny list but fails
 * an allow list: an operator who writes an allow list means "only these", and failing open would
 * let any address the database cannot place (or a misconfigured proxy) through.
 */
export function regionRestricted(brand: BrandSnapshot, country: string): boolean {
  if (brand.denyCountries.has(country)) return true;
  return brand.allowCountries.size > 0 && !brand.allowCountries.has(country);
}

/** Maintenance wins over restriction: nobody may play, wherever they are. */
export function accessOf(brand: BrandSnapshot, country: string, now: number): Access {
  const maintenance = inMaintenance(brand, now);
  const regionRestriction = regionRestricted(brand, country);
  return {
    status: maintenance
      ? SYSTEM_STATUS.maintenance
      : regionRestriction
        ? SYSTEM_STATUS.regionRestricted
        : SYSTEM_STATUS.normal,
    maintenance,
    maintenanceEnd: maintenance && brand.maintenanceEnd !== null ? new Date(brand.maintenanceEnd).toISOString() : null,
    regionRestriction,
  };
}

export function registerModes(brand: BrandSnapshot) {
  const { DIRECTREG3, MOBILENUMREG3 } = brand.flags;
  return { username: DIRECTREG3, mobile: DIRECTREG3 && MOBILENUMREG3 };
}

export function customerServiceOf(brand: BrandSnapshot, language?: string): CustomerServiceEntry[] {
  return brand.customerService.map((c) => ({
    csType: c.csType,
    title: textIn(c.title, language, brand),
    path: c.path,
  }));
}

/**
 * A status answer ready to send: its bytes, its ETag, and its bytes compressed in the encodings
 * visitors asked for (made on the first such ask, then kept with it).
 */
export type StatusAnswer = { body: Buffer; etag: string; br?: Buffer; gzip?: Buffer };

/**
 * The answer's bytes in `encoding`: compressed once per answer, not once per call. Below the
 * compression threshold the plain bytes, as the compressor would leave them.
 */
export function encodedStatus(answer: StatusAnswer, encoding: 'br' | 'gzip'): Buffer {
  if (answer.body.length < COMPRESS_THRESHOLD_BYTES) return answer.body;
  let bytes = answer[encoding];
  if (bytes === undefined) {
    // The compressor's settings (platform/compression.ts), not the highest: every new visitor's
    // answer is compressed once, and brotli 11 would cost some 30 ms of the event loop each.
    bytes =
      encoding === 'br'
        ? brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : gzipSync(answer.body, { level: GZIP_LEVEL });
    answer[encoding] = bytes;
  }
  return bytes;
}

/**
 * The part of the status answer that only changes with the brand snapshot, serialised once per
 * snapshot and language: the status call then costs a string concatenation, not a schema walk.
 * `tag` is a digest of it, for the answer's ETag; `answers` keeps the last answers made from it
 * (a visitor asks again on every page view), at most STATUS_ANSWERS_KEPT.
 */
type StatusTail = { bytes: Buffer; tag: string; answers: Map<string, KeptStatusAnswer> };
/** An answer with what its own part was made of besides the address it is kept under. */
type KeptStatusAnswer = StatusAnswer & { country: string; access: Access };
const statusTails = new WeakMap<BrandSnapshot, Map<string, StatusTail>>();
const STATUS_ANSWERS_KEPT = 500;

function statusTail(brand: BrandSnapshot, language: string | undefined): StatusTail {
  let byLanguage = statusTails.get(brand);
  if (!byLanguage) {
    byLanguage = new Map();
    statusTails.set(brand, byLanguage);
  }
  const key = language ?? '';
  let tail = byLanguage.get(key);
  if (tail === undefined) {
    const rest = {
      brand: brand.info,
      whitelabel: brand.flags,
      register: registerModes(brand),
      mobileDialingCodes: brand.mobileDialingCodes,
      resources: brand.resources,
      customerService: customerServiceOf(brand, language),
      analytics: { gtagId: brand.gtagId },
      imageCDNs: brand.imageCDNs,
      launchGameCDNs: brand.launchGameCDNs,
    };
    // Checked against the contract once here, since the hot path below bypasses the serialiser.
    SystemStatus.parse({
      status: 0,
      maintenance: false,
      maintenanceEnd: null,
      regionRestriction: false,
      location: { ip: '', country: '' },
      ...rest,
    });
    const text = `${JSON.stringify(rest).slice(1, -1)}},"message":"ok","code":"OK"}`;
    tail = { bytes: Buffer.from(text), tag: hash('sha1', text, 'base64url').slice(0, 16), answers: new Map() };
    byLanguage.set(key, tail);
  }
  return tail;
}

/** Whether two visitors' access reads the same in the answer. */
function sameAccess(a: Access, b: Access): boolean {
  return (
    a.status === b.status &&
    a.maintenance === b.maintenance &&
    a.regionRestriction === b.regionRestriction &&
    a.maintenanceEnd === b.maintenanceEnd
  );
}

/**
 * The status call's envelope (its value: SystemStatus) as the bytes to send, and its ETag: the
 * tail's digest and a digest of the part that is the visitor's own (access, address). The same
 * visitor's next call finds its answer made; another visitor's costs a short string's digest and
 * a copy of bytes already encoded.
 */
export function statusAnswer(
  brand: BrandSnapshot,
  location: { ip: string; country: string },
  now: number,
  language?: string,
): StatusAnswer {
  const a = accessOf(brand, location.country, now);
  const tail = statusTail(brand, language);
  // Kept by address, the visitor's own part checked against it: no key is made on each call.
  let answer = tail.answers.get(location.ip);
  if (answer === undefined || answer.country !== location.country || !sameAccess(answer.access, a)) {
    const head =
      `{"success":true,"value":{"status":${a.status},"maintenance":${a.maintenance},` +
      `"maintenanceEnd":${JSON.stringify(a.maintenanceEnd)},"regionRestriction":${a.regionRestriction},` +
      `"location":${JSON.stringify(location)},`;
    answer = {
      body: Buffer.concat([Buffer.from(head), tail.bytes]),
      etag: `"${tail.tag}${hash('sha1', head, 'base64url').slice(0, 16)}"`,
      country: location.country,
      access: a,
    };
    if (tail.answers.size >= STATUS_ANSWERS_KEPT) tail.answers.clear();
    tail.answers.set(location.ip, answer);
  }
  return answer;
}

export function whitelabelOf(brand: BrandSnapshot): Whitelabel {
  return { modules: brand.modules, flags: brand.flags, loggedInToHomePage: brand.info.loggedInToHomePage };
}

export function registerSettingsOf(brand: BrandSnapshot): RegisterSettings {
  return brand.registerRules;
}

/** Type 3 paths stay as stored (encrypted); the site decrypts them (spec §7). */
export function customerServicePathsOf(brand: BrandSnapshot, language?: string): CustomerServicePaths {
  return {
    version: {
      pathList: customerServiceOf(brand, language).map((c) => ({ type: c.csType, title: c.title, path: c.path })),
    },
  };
}

export function domainRouteOf(brand: BrandSnapshot): DomainRoute {
  return { domainList: brand.mirrors.map((domain) => ({ domain, speed: 0 })) };
}

export async function bannersOf(
  db: Database,
  brand: BrandSnapshot,
  groupName: string,
  language: string | undefined,
  now: Date,
): Promise<Banner[]> {
  const rows = await repo.activeBanners(db.kysely, brand.id, groupName, now);
  const banners: Banner[] = [];
  for (const r of rows) {
    // A banner whose picture is not a safe address is left out; a link that is not, dropped.
    const url = safeUrl(r.image_url);
    if (url === null) continue;
    const link = r.linkage_type === null ? null : safeUrl(r.linkage_value);
    banners.push({
      bannerId: r.id,
      groupName: r.group_name,
      url,
      title: textIn(r.title, language, brand),
      linkageType: link === null ? null : r.linkage_type,
      linkageValue: link,
    });
  }
  return banners;
}

/** Which list of the notice answer a type feeds; PU only pops up. */
const LIST_OF_TYPE: Record<AnnouncementType, keyof NoticeList | null> = {
  B: 'banners',
  PL: 'player',
  PU: null,
  PR: 'promotion',
  H: 'help',
};

export async function noticesOf(
  db: Database,
  brand: BrandSnapshot,
  query: { types: string; platform: string; execution: string; language?: string },
  now: Date,
): Promise<NoticeList> {
  const wanted = new Set(query.types.split(','));
  const types = ANNOUNCEMENT_TYPES.filter((t) => wanted.has(t));
  const rows = await repo.currentAnnouncements(
    db.kysely,
    brand.id,
    { types, platform: query.platform, execution: query.execution },
    now,
  );
  const out: NoticeList = { popup: [], player: [], banners: [], promotion: [], help: [] };
  for (const r of rows) {
    const notice: Announcement = {
      id: r.id,
      type: r.type,
      title: textIn(r.title, query.language, brand),
      content: await safeHtml(textIn(r.content, query.language, brand)),
      popup: r.popup || r.type === 'PU',
      startTime: new Date(r.starts_at).toISOString(),
    };
    if (notice.popup) out.popup.push(notice);
    const list = LIST_OF_TYPE[r.type];
    if (list) out[list].push(notice);
  }
  return out;
}

export async function helpCenterOf(db: Database, brand: BrandSnapshot, language?: string): Promise<HelpCenter> {
  const rows = await repo.helpSections(db.kysely, brand.id);
  const sections: HelpCenter['sections'] = [];
  for (const r of rows)
    sections.push({
      id: r.id,
      key: r.key,
      title: textIn(r.title, language, brand),
      content: await safeHtml(textIn(r.content, language, brand)),
    });
  return { sections };
}
