import { defineCall } from './call';
import { ANNOUNCEMENT_TYPES, LOCALES, REGISTER_FIELDS, WHITELABEL_FLAGS } from './constants';
import { z } from './zod';

/** Texts stored per locale; the server answers the one asked for, falling back to the brand default. */
export const LocalizedText = z.string();

/** Brand settings the site needs before anything else (spec §1 'Brand config'). */
export const BrandInfo = z.object({
  merchantCode: z.string(),
  name: z.string(),
  platform: z.literal('W'),
  device: z.literal('WEB'),
  lotteryType: z.string(),
  languages: z.array(z.enum(LOCALES)),
  defaultLanguage: z.enum(LOCALES),
  currency: z.string(),
  /** Empty when the brand has none; the header then falls back to '$' (spec §2). */
  currencySymbol: z.string(),
  currencyDecimals: z.number().int().min(0).max(4),
  chatHeaderColor: z.string(),
  loggedInToHomePage: z.boolean(),
});
export type BrandInfo = z.infer<typeof BrandInfo>;

export const Resource = z.object({
  resourceType: z.string(),
  url: z.string(),
  qrCodeUrl: z.string().nullable(),
  labelNameEn: z.string(),
});
export type Resource = z.infer<typeof Resource>;

export const CustomerServiceEntry = z.object({
  /** 1 live chat, 2 VIP channel, 3 external link whose path is encrypted (spec §7). */
  csType: z.number().int(),
  title: z.string(),
  path: z.string(),
});
export type CustomerServiceEntry = z.infer<typeof CustomerServiceEntry>;

export const WhitelabelFlags = z.object(
  Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, z.boolean()])) as Record<
    (typeof WHITELABEL_FLAGS)[number],
    z.ZodBoolean
  >,
);
export type WhitelabelFlags = z.infer<typeof WhitelabelFlags>;

/** System status (spec §3): 0 normal, 1 maintenance, 2 region restricted. */
export const SystemStatus = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenance: z.boolean(),
  maintenanceEnd: z.string().nullable(),
  regionRestriction: z.boolean(),
  location: z.object({ ip: z.string(), country: z.string() }),
  brand: BrandInfo,
  whitelabel: WhitelabelFlags,
  register: z.object({ username: z.boolean(), mobile: z.boolean() }),
  /** The dialling codes ('+880') of the mobile numbers the brand takes and texts; the first is the default. */
  mobileDialingCodes: z.array(z.string()),
  resources: z.array(Resource),
  customerService: z.array(CustomerServiceEntry),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
});
export type SystemStatus = z.infer<typeof SystemStatus>;
/** `host`: the site's own host name when the API is reached through another one (spec §7). */
export const SystemStatusQuery = z
  .object({ host: z.string().max(255).optional(), language: z.enum(LOCALES).optional() })
  .strict();

/** One node of the whitelabel module tree. */
export type WhitelabelModule = { code: string; enabled: boolean; children: WhitelabelModule[] };
export const WhitelabelModule: z.ZodType<WhitelabelModule> = z.lazy(() =>
  z.object({ code: z.string(), enabled: z.boolean(), children: z.array(WhitelabelModule) }),
);
export const Whitelabel = z.object({
  modules: z.array(WhitelabelModule),
  flags: WhitelabelFlags,
  loggedInToHomePage: z.boolean(),
});
export type Whitelabel = z.infer<typeof Whitelabel>;

/** Per-field registration rule (spec §5). acceptedPattern '*' accepts anything. */
export const FieldRule = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string(),
  patternId: z.string(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
});
export type FieldRule = z.infer<typeof FieldRule>;
/** Every field of REGISTER_FIELDS has a rule; a field the brand does not offer has enabled=false. */
export const RegisterSettings = z.record(z.enum(REGISTER_FIELDS), FieldRule);
export type RegisterSettings = z.infer<typeof RegisterSettings>;

export const Banner = z.object({
  bannerId: z.number().int(),
  groupName: z.string(),
  url: z.string(),
  title: z.string(),
  /** When set the image is clickable: 'route' opens linkageValue in the site, 'url' a new tab. */
  linkageType: z.string().nullable(),
  linkageValue: z.string().nullable(),
});
export type Banner = z.infer<typeof Banner>;
export const Banners = z.array(Banner);
export const BannerQuery = z
  .object({ groupName: z.string().min(1).max(40), language: z.enum(LOCALES).optional() })
  .strict();

export const Resources = z.array(Resource);

export const Announcement = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  /** HTML written by the operator; the site sanitises it before showing it. */
  content: z.string(),
  popup: z.boolean(),
  /** ISO 8601 (UTC); the site formats it for the reader's locale. */
  startTime: z.string(),
});
export type Announcement = z.infer<typeof Announcement>;
const ANNOUNCEMENT_TYPE_ALT = `(${ANNOUNCEMENT_TYPES.join('|')})`;
const ANNOUNCEMENT_TYPES_LIST = new RegExp(`^${ANNOUNCEMENT_TYPE_ALT}(,${ANNOUNCEMENT_TYPE_ALT})*$`);
export const NoticeQuery = z
  .object({
    /** Comma-separated ANNOUNCEMENT_TYPES, e.g. 'B,PL,PU,PR' (spec §9). */
    types: z.string().max(40).regex(ANNOUNCEMENT_TYPES_LIST),
    platform: z.literal('W'),
    execution: z.string().min(1).max(4),
    language: z.enum(LOCALES).optional(),
  })
  .strict();
/**
 * Announcements by list, newest first: banners = B, player = PL, promotion = PR, help = H;
 * popup = the requested ones that pop up (every PU, and any other type flagged popup).
 */
export const NoticeList = z.object({
  popup: z.array(Announcement),
  player: z.array(Announcement),
  banners: z.array(Announcement),
  promotion: z.array(Announcement),
  help: z.array(Announcement),
});
export type NoticeList = z.infer<typeof NoticeList>;

/** Type 3 paths are sent as stored, encrypted: the site decrypts them with `decryptCsPath`. */
export const CustomerServicePaths = z.object({
  version: z.object({
    pathList: z.array(z.object({ type: z.number().int(), title: z.string(), path: z.string() })),
  }),
});
export type CustomerServicePaths = z.infer<typeof CustomerServicePaths>;

/** The brand's mirror sites; speed is measured by the site, so the server sends 0. */
export const DomainRoute = z.object({
  domainList: z.array(z.object({ domain: z.string(), speed: z.number() })),
});
export type DomainRoute = z.infer<typeof DomainRoute>;

/** Help-centre sections in display order; content is operator HTML the site sanitises. */
export const HelpCenter = z.object({
  sections: z.array(z.object({ id: z.number().int(), key: z.string(), title: z.string(), content: z.string() })),
});
export type HelpCenter = z.infer<typeof HelpCenter>;

export const LanguageQuery = z.object({ language: z.enum(LOCALES).optional() }).strict();
/** For calls without parameters: an unknown one is a mistake worth a 400, not silence. */
export const NoQuery = z.object({}).strict();

/**
 * GET /wps/system/status (spec §3): the brand, its flags and whether this visitor may use the
 * site. The first call of every page view; the answer depends on the visitor's address, so only
 * their browser keeps it, revalidating it each time (an unchanged answer is a 304, no body).
 */
export const systemStatusCall = defineCall({
  method: 'GET',
  path: '/wps/system/status',
  auth: 'none',
  tag: 'system',
  summary: 'Brand, flags and whether this visitor may use the site (0 normal, 1 maintenance, 2 region)',
  query: SystemStatusQuery,
  response: SystemStatus,
  cache: 'revalidate',
});

export const whitelabelCall = defineCall({
  method: 'GET',
  path: '/wps/system/whitelabel',
  auth: 'none',
  tag: 'system',
  summary: 'Whitelabel module tree and flags',
  query: NoQuery,
  response: Whitelabel,
  cache: 'public',
});

export const registerSettingsCall = defineCall({
  method: 'GET',
  path: '/wps/system/setting/register',
  auth: 'none',
  tag: 'system',
  summary: 'Registration rule of every field (spec §5)',
  query: NoQuery,
  response: RegisterSettings,
  cache: 'public',
});

export const resourcesCall = defineCall({
  method: 'GET',
  path: '/wps/system/resources',
  auth: 'none',
  tag: 'system',
  summary: 'App download and social links',
  query: NoQuery,
  response: Resources,
  cache: 'revalidate',
});

export const bannersCall = defineCall({
  method: 'GET',
  path: '/wps/system/banners',
  auth: 'none',
  tag: 'system',
  summary: 'Banners of a group showing now, in order',
  query: BannerQuery,
  response: Banners,
  cache: 'revalidate',
});

/** GET /wps/announcement (spec §9): the notices by list. */
export const noticesCall = defineCall({
  method: 'GET',
  path: '/wps/announcement',
  auth: 'none',
  tag: 'system',
  summary: 'Current announcements by list (popup, player, banners, promotion, help)',
  query: NoticeQuery,
  response: NoticeList,
  cache: 'revalidate',
});

export const customerServiceCall = defineCall({
  method: 'GET',
  path: '/wps/system/customerService',
  auth: 'none',
  tag: 'system',
  summary: 'Customer-service channels; type 3 paths are encrypted (decryptCsPath)',
  query: LanguageQuery,
  response: CustomerServicePaths,
  cache: 'revalidate',
});

export const domainRouteCall = defineCall({
  method: 'GET',
  path: '/wps/system/domainRoute',
  auth: 'none',
  tag: 'system',
  summary: "The brand's mirror sites",
  query: NoQuery,
  response: DomainRoute,
  cache: 'public',
});

export const helpCenterCall = defineCall({
  method: 'GET',
  path: '/wps/system/helpCenter',
  auth: 'none',
  tag: 'system',
  summary: 'Help-centre sections in order',
  query: LanguageQuery,
  response: HelpCenter,
  cache: 'revalidate',
});
