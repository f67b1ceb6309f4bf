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

export interface DB {
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
