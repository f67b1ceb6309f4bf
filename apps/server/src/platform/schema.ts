import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables in `migrations/`. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default (`Generated<Timestamp>` would hide the Date select type). */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Localized = ColumnType<Record<string, string>, string, string>;

export interface BrandsTable {
  id: Generated<number>;
  merchant_code: string;
  name: string;
  is_default: Generated<boolean>;
  languages: string[];
  default_language: string;
  currency: string;
  currency_symbol: Generated<string>;
  currency_decimals: Generated<number>;
  lottery_type: Generated<string>;
  chat_header_color: Generated<string>;
  logged_in_to_home_page: Generated<boolean>;
  maintenance_start: Timestamp | null;
  maintenance_end: Timestamp | null;
  allow_countries: Generated<string[]>;
  deny_countries: Generated<string[]>;
  gtag_id: string | null;
  image_cdns: Generated<string[]>;
  launch_game_cdns: Generated<string[]>;
  created_at: GeneratedTimestamp;
}

export interface BrandDomainsTable {
  domain: string;
  brand_id: number;
  is_mirror: Generated<boolean>;
  sort: Generated<number>;
}

export interface WhitelabelModulesTable {
  brand_id: number;
  code: string;
  parent_code: string | null;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

export interface RegisterFieldRulesTable {
  brand_id: number;
  field: string;
  enabled: boolean;
  required: boolean;
  accepted_pattern: Generated<string>;
  pattern_id: Generated<string>;
  min_length: Generated<number>;
  max_length: Generated<number>;
}

export interface ResourcesTable {
  brand_id: number;
  resource_type: string;
  url: string;
  qr_code_url: string | null;
  label_name_en: Generated<string>;
}

export interface BannersTable {
  id: Generated<number>;
  brand_id: number;
  group_name: string;
  image_url: string;
  title: Localized;
  linkage_type: 'route' | 'url' | null;
  linkage_value: string | null;
  sort: Generated<number>;
  active: Generated<boolean>;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  brand_id: number;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  title: Localized;
  content: Localized;
  platform: Generated<string>;
  execution: Generated<string>;
  popup: Generated<boolean>;
  starts_at: GeneratedTimestamp;
  ends_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface CustomerServiceTable {
  id: Generated<number>;
  brand_id: number;
  cs_type: number;
  title: Localized;
  path: string;
  sort: Generated<number>;
}

export interface HelpSectionsTable {
  id: Generated<number>;
  brand_id: number;
  key: string;
  title: Localized;
  content: Localized;
  sort: Generated<number>;
}

export interface GameCategoriesTable {
  code: string;
  sort: number;
}

export interface VendorsTable {
  id: Generated<number>;
  brand_id: number;
  vassalage: string;
  category: string;
  name: string;
  icon: string | null;
  is_hot: Generated<boolean>;
  is_game: string | null;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

type Json<T> = ColumnType<T, string | undefined, string>;

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: GeneratedTimestamp;
}

export type ClubLabel = { labelName: string; color: string; color2: string; rankLevel: number };
export type MemberLabel = { labelName: string; color?: string; bgColor?: string };

export interface MembersTable {
  id: Generated<bigint>;
  brand_id: number;
  account: string;
  mobile_num: string | null;
  country_dialing_code: string | null;
  email: string | null;
  nickname: Generated<string>;
  password_hash: string | null;
  password_changed_at: GeneratedTimestamp;
  first_login: Generated<boolean>;
  is_agent: Generated<number>;
  upline_id: bigint | null;
  club_label: ColumnType<ClubLabel | null, string | null | undefined, string | null>;
  member_label: Json<MemberLabel[]>;
  avatar: string | null;
  locked_until: Timestamp | null;
  created_at: GeneratedTimestamp;
  register_ip: Generated<string>;
  register_url: string | null;
  affiliate_code: string | null;
  referred_by_code: string | null;
  language: string | null;
}

export interface SessionsTable {
  id: Generated<bigint>;
  token_hash: Buffer;
  member_id: bigint;
  login_type: Generated<string>;
  created_at: GeneratedTimestamp;
  last_seen_at: GeneratedTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface LoginFailuresTable {
  id: Generated<bigint>;
  brand_id: number;
  member_id: bigint | null;
  account: string;
  ip: string;
  at: GeneratedTimestamp;
}

export interface AuditLogTable {
  id: Generated<bigint>;
  at: GeneratedTimestamp;
  event: string;
  brand_id: number | null;
  member_id: bigint | null;
  ip: Generated<string>;
  detail: Json<Record<string, unknown>>;
}

export interface HumanChecksUsedTable {
  id: string;
  expires_at: Timestamp;
}

export interface CaptchasTable {
  id: string;
  answer_hash: Buffer;
  expires_at: Timestamp;
  used: Generated<boolean>;
}

export interface SmsCodesTable {
  id: Generated<bigint>;
  brand_id: number;
  phone: string;
  purpose: 'login' | 'register' | 'reset';
  salt: Buffer;
  code_hash: Buffer;
  sent: Generated<boolean>;
  attempts: Generated<number>;
  created_at: GeneratedTimestamp;
  used_at: Timestamp | null;
  ip: Generated<string>;
}

export interface DB {
  server_secrets: ServerSecretsTable;
  members: MembersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  audit_log: AuditLogTable;
  sms_codes: SmsCodesTable;
  human_checks_used: HumanChecksUsedTable;
  captchas: CaptchasTable;
  brands: BrandsTable;
  brand_domains: BrandDomainsTable;
  whitelabel_modules: WhitelabelModulesTable;
  register_field_rules: RegisterFieldRulesTable;
  resources: ResourcesTable;
  banners: BannersTable;
  announcements: AnnouncementsTable;
  customer_service: CustomerServiceTable;
  help_sections: HelpSectionsTable;
  game_categories: GameCategoriesTable;
  vendors: VendorsTable;
}
