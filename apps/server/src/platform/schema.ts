import type { AdjustmentCategory, PromotionCategory } from '@khela/contract';
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
  /** Two-factor SMS check of password logins from an address the member never used. */
  new_ip_check: Generated<boolean>;
  image_cdns: Generated<string[]>;
  launch_game_cdns: Generated<string[]>;
  created_at: GeneratedTimestamp;
  /** A round's wins above this many times its stakes are held in suspense (decision 0025). */
  provider_win_ratio_cap: Generated<number>;
  /** One win above this (minor units) is held in suspense (decision 0025). */
  provider_win_amount_cap: Generated<bigint>;
  /** Dialling codes ('+880') of the mobile numbers the brand takes and texts; the first is the default. */
  mobile_dialing_codes: Generated<string[]>;
  /** Texts the brand sends in any 24 hours at most. */
  sms_daily_budget: Generated<number>;
  /** When the SMS budget last ran out (one alert per 24 hours). */
  sms_budget_alerted_at: Timestamp | null;
  /** Manual adjustments above this (minor units, either sign) need a second staff member. */
  adjust_four_eyes_minor: Generated<bigint>;
  /** Made by `khela brand create`: the demo seed refuses such a database (decision 0032). */
  operator_brand: Generated<boolean>;
  /** Addresses or CIDR blocks the brand's staff may call from; empty: anywhere (decision 0032). */
  staff_allowed_addresses: Generated<string[]>;
  /** Bumped by every save of the back office's Brand screen; a save of an older one is refused (decision 0038). */
  settings_version: Generated<number>;
  settings_updated_at: Timestamp | null;
  settings_updated_by: string | null;
  /** Passwords older than this many days are expired (0 never); null: the server's PASSWORD_MAX_AGE_DAYS. */
  password_max_age_days: number | null;
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
  /** Migration 0037: bumped by every back-office save; a save naming an older one is refused. */
  version: Generated<number>;
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
  /** Migration 0037: bumped by every back-office save; a save naming an older one is refused. */
  version: Generated<number>;
}

export interface PromotionsTable {
  id: Generated<number>;
  brand_id: number;
  category: PromotionCategory;
  title: Localized;
  body: ColumnType<Record<string, string>, string | undefined, string>;
  image_url: string;
  starts_at: GeneratedTimestamp;
  ends_at: Timestamp | null;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  created_at: GeneratedTimestamp;
  /** Migration 0037: bumped by every back-office save; a save naming an older one is refused. */
  version: Generated<number>;
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
  /** Migration 0037: bumped by every back-office save; a save naming an older one is refused. */
  version: Generated<number>;
  /** Migration 0037: off, the player site leaves it out. */
  active: Generated<boolean>;
}

export interface CustomerServiceTable {
  id: Generated<number>;
  brand_id: number;
  cs_type: number;
  title: Localized;
  path: string;
  sort: Generated<number>;
  /** Migration 0037: bumped by every back-office save; a save naming an older one is refused. */
  version: Generated<number>;
  /** Migration 0037: off, the player site leaves it out. */
  active: Generated<boolean>;
}

export interface HelpSectionsTable {
  id: Generated<number>;
  brand_id: number;
  key: string;
  title: Localized;
  content: Localized;
  sort: Generated<number>;
  /** Migration 0037: bumped by every back-office save; a save naming an older one is refused. */
  version: Generated<number>;
  /** Migration 0037: off, the player site leaves it out. */
  active: Generated<boolean>;
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
  names: ColumnType<Record<string, string>, string | undefined, string>;
  /** Migration 0014: the launch address template ({token}, {game}, {lang}, {player}); null = no launcher. */
  launch_url: ColumnType<string | null, string | null | undefined, string | null>;
  launch_url2: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0037: bumped by every back-office save; a save naming an older one is refused. */
  version: Generated<number>;
  /** Migration 0037: listed, but its games answer maintenance. */
  maintenance: Generated<boolean>;
}

export interface GamesTable {
  id: Generated<number>;
  brand_id: number;
  vendor_id: number;
  code: string;
  names: Localized;
  game_classify: Generated<string>;
  min_bet: Generated<bigint>;
  min_line_num: Generated<number>;
  icon: string | null;
  is_hot: Generated<boolean>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  platforms: Generated<string[]>;
  created_at: GeneratedTimestamp;
  /** Migration 0037: bumped by every back-office save; a save naming an older one is refused. */
  version: Generated<number>;
}

export interface FavouriteGamesTable {
  member_id: bigint;
  game_id: number;
  created_at: GeneratedTimestamp;
}

export interface RecentGamesTable {
  member_id: bigint;
  game_id: number;
  last_played: GeneratedTimestamp;
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
  /** E.164 ('+8801712345678'), with its dialling code ('+880') beside it; both or neither. */
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
  /** An agent who does not play: refused on the member site (SITE_KIND). */
  agent_only: Generated<boolean>;
  /** The operator's decision (decision 0031); apart from `locked_until`, the failed-login lock. */
  status: Generated<MemberStatus>;
  status_changed_at: Timestamp | null;
  /** The name on the member's bank and wallet accounts (set once by the player, changed by staff). */
  payee_name: string | null;
  payment_password_hash: string | null;
  payment_password_failures: Generated<number>;
  payment_password_locked_until: Timestamp | null;
  new_address_check: Generated<boolean>;
}

export type MemberStatus = 'active' | 'locked' | 'suspended' | 'closed';

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

export interface RegistrationTakenTable {
  id: Generated<bigint>;
  brand_id: number;
  ip: string;
  at: GeneratedTimestamp;
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
  /** The staff member who acted (back office); null for players' and the system's events. */
  staff_id: bigint | null;
  /** The record before and after a staff write. */
  before: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  after: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** Why, as the staff member said it. */
  reason: string | null;
  /** What a staff write acted on ('staff:12', 'role:admin'), for the viewer's filter. */
  target: string | null;
}

/** A role's permissions as its brand edited them (decision 0032); absent: the contract's default. */
export interface StaffRolesTable {
  brand_id: number;
  role: string;
  permissions: string[];
  updated_at: GeneratedTimestamp;
  updated_by: string;
}

/** Back-office staff (decision 0030): never members. */
export interface StaffTable {
  id: Generated<bigint>;
  brand_id: number;
  username: string;
  password_hash: string | null;
  /** AES-256-GCM under the secrets key (platform/secrets-key.ts). */
  totp_secret_sealed: string | null;
  totp_enrolled_at: Timestamp | null;
  /** The last RFC 6238 time step accepted (replays refused). */
  totp_last_step: Generated<bigint>;
  roles: Generated<string[]>;
  linked_member_ids: Generated<bigint[]>;
  failed_logins: Generated<number>;
  locked_until: Timestamp | null;
  disabled_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  created_by: Generated<string>;
  /** The staff member's own mobile (E.164) and email: accounts with either are linked to them. */
  mobile_num: string | null;
  email: string | null;
  /** When a staff write last changed the record (decision 0037): the stale-edit check's version. */
  updated_at: GeneratedTimestamp;
}

/** A staff note on a player (decision 0031): appended, never edited. */
export interface MemberNotesTable {
  id: Generated<bigint>;
  brand_id: number;
  member_id: bigint;
  staff_id: bigint;
  body: string;
  created_at: GeneratedTimestamp;
}

/** A staff balance adjustment, posted at once or waiting for a second staff member. */
export interface BalanceAdjustmentsTable {
  id: Generated<bigint>;
  brand_id: number;
  member_id: bigint;
  amount: bigint;
  currency: string;
  /** contract ADJUSTMENT_CATEGORIES */
  category: AdjustmentCategory;
  reason: string;
  request_key: string;
  requested_by: bigint;
  requested_at: GeneratedTimestamp;
  status: 'pending' | 'posted' | 'rejected';
  decided_by: bigint | null;
  decided_at: Timestamp | null;
  decision_reason: string | null;
  tx_id: bigint | null;
}

export interface StaffRecoveryCodesTable {
  id: Generated<bigint>;
  staff_id: bigint;
  code_hash: Buffer;
  used_at: Timestamp | null;
}

export interface StaffSessionsTable {
  id: Generated<bigint>;
  token_hash: Buffer;
  staff_id: bigint;
  created_at: GeneratedTimestamp;
  last_seen_at: GeneratedTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface StaffSetupLinksTable {
  token_hash: Buffer;
  staff_id: bigint;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface StaffLoginChallengesTable {
  token_hash: Buffer;
  staff_id: bigint;
  ip: Generated<string>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
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
  /** The number in E.164: every spelling of one phone shares its limits. */
  phone: string;
  purpose: 'login' | 'register' | 'reset' | 'newip' | 'bind';
  salt: Buffer;
  code_hash: Buffer;
  sent: Generated<boolean>;
  attempts: Generated<number>;
  created_at: GeneratedTimestamp;
  used_at: Timestamp | null;
  ip: Generated<string>;
}

/** A code mailed to an email address a member binds (migration 0042). */
export interface EmailCodesTable {
  id: Generated<bigint>;
  brand_id: number;
  member_id: bigint;
  email: string;
  salt: Buffer;
  code_hash: Buffer;
  attempts: Generated<number>;
  created_at: GeneratedTimestamp;
  used_at: Timestamp | null;
}

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  brand_id: number;
  code: string;
  member_id: bigint | null;
  currency: string;
  created_at: GeneratedTimestamp;
}

/** A player wallet's balance (migration 0018): the only ledger row that is ever updated. */
export interface WalletBalancesTable {
  account_id: bigint;
  balance: Generated<bigint>;
}

export interface LedgerTransactionsTable {
  id: Generated<bigint>;
  brand_id: number;
  idempotency_key: string;
  kind: string;
  fingerprint: string;
  member_id: bigint | null;
  round_id: string | null;
  memo: Generated<string>;
  created_at: GeneratedTimestamp;
}

export interface PostingsTable {
  id: Generated<bigint>;
  tx_id: bigint;
  account_id: bigint;
  amount: bigint;
  balance_after: bigint | null;
  created_at: GeneratedTimestamp;
}

export interface HpkeKeysTable {
  id: string;
  seed: string;
  public_key: string;
  created_at: GeneratedTimestamp;
  superseded_at: Timestamp | null;
}

export interface SealedBodiesUsedTable {
  enc_hash: Buffer;
  expires_at: Timestamp;
}

export interface MemberLoginIpsTable {
  member_id: bigint;
  ip: string;
  first_at: GeneratedTimestamp;
  last_at: GeneratedTimestamp;
  logins: Generated<number>;
}

export interface LoginChallengesTable {
  id: string;
  brand_id: number;
  member_id: bigint;
  ip: string;
  phone: string;
  password_expired: Generated<boolean>;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  passed_at: Timestamp | null;
}

export interface MemberAvatarsTable {
  member_id: bigint;
  key: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: Buffer;
  width: number;
  height: number;
  created_at: GeneratedTimestamp;
}

export interface ProviderVendorsTable {
  brand_id: number;
  code: string;
  name: string;
  secret: string;
  wallets: Generated<'real' | 'play' | 'both'>;
  enabled: Generated<boolean>;
  created_at: GeneratedTimestamp;
  /** Migration 0038: the current secret sealed with SECRETS_KEY; null until the first rotation. */
  secret_sealed: string | null;
  /** The secret a rotation replaced, sealed, accepted until previous_secret_until. */
  previous_secret_sealed: string | null;
  previous_secret_until: Timestamp | null;
  rotated_at: Timestamp | null;
  /** Migration 0037: bumped by every back-office save; a save naming an older one is refused. */
  version: Generated<number>;
}

export interface GameSessionsTable {
  id: Generated<bigint>;
  token_hash: Buffer;
  brand_id: number;
  member_id: bigint;
  vendor: string;
  game_code: string;
  currency: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  ticket_hash: Buffer | null;
  ticket_expires_at: Timestamp | null;
  ticket_used_at: Timestamp | null;
  language: Generated<string>;
  /** The login the launch came from; the game session ends with it (migration 0021). */
  session_id: bigint | null;
  revoked_at: Timestamp | null;
}

export interface InhouseRoundsTable {
  id: Generated<bigint>;
  brand_id: number;
  member_id: bigint;
  game_code: string;
  round_id: string;
  model_version: string;
  server_seed: string;
  client_seed: Generated<string>;
  nonce: Generated<bigint>;
  inputs: ColumnType<Record<string, unknown>, string, string>;
  outcome: ColumnType<Record<string, unknown>, string, string>;
  currency: string;
  stake: bigint;
  win: bigint;
  created_at: GeneratedTimestamp;
}

export interface ProviderRoundsTable {
  id: Generated<bigint>;
  brand_id: number;
  vendor: string;
  round_id: string;
  member_id: bigint;
  game_code: string;
  currency: string;
  stake_total: Generated<bigint>;
  win_total: Generated<bigint>;
  refund_total: Generated<bigint>;
  /** Wins of the round held in suspense (not in win_total until released). */
  held_total: Generated<bigint>;
  win_count: Generated<number>;
  rolled_back: Generated<boolean>;
  status: Generated<'open' | 'completed' | 'cancelled'>;
  closed_by: string | null;
  opened_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  closed_at: Timestamp | null;
}

/** A provider win over a brand cap, its money in the vendor's suspense account (decision 0025). */
export interface ProviderHeldWinsTable {
  id: Generated<bigint>;
  brand_id: number;
  vendor: string;
  tx_id: string;
  member_id: bigint;
  round_id: string;
  game_code: string;
  currency: string;
  amount: bigint;
  stake_total: bigint;
  earlier_wins: bigint;
  reason: 'ratio' | 'amount' | 'both';
  status: Generated<'held' | 'released' | 'voided'>;
  held_at: GeneratedTimestamp;
  decided_at: Timestamp | null;
  decided_by: string | null;
  decision_note: string | null;
}

/** A held win's decision waiting for a second staff member (decision 0038). */
export interface HeldWinRequestsTable {
  id: Generated<bigint>;
  brand_id: number;
  held_win_id: bigint;
  decision: 'release' | 'void';
  reason: string;
  requested_by: bigint;
  requested_at: GeneratedTimestamp;
  status: Generated<'pending' | 'approved' | 'declined'>;
  decided_by: bigint | null;
  decided_at: Timestamp | null;
  decision_reason: string | null;
}

export interface ProviderTransactionsTable {
  id: Generated<bigint>;
  brand_id: number;
  vendor: string;
  tx_id: string;
  kind: 'bet' | 'win' | 'rollback' | 'tombstone';
  member_id: bigint;
  round_id: string | null;
  amount: Generated<bigint>;
  ref_tx_id: string | null;
  fingerprint: string;
  outcome: string;
  http_status: number;
  response: string | null;
  rolled_back_by: string | null;
  created_at: GeneratedTimestamp;
}

/** A password-reset link (migration 0005): only its token's SHA-256 is kept. */
export interface PasswordResetTokensTable {
  id: Generated<bigint>;
  token_hash: Buffer;
  member_id: bigint;
  created_at: GeneratedTimestamp;
  used_at: Timestamp | null;
  ip: Generated<string>;
}

/** Every password-reset request, for the request limits (migration 0005). */
export interface PasswordResetRequestsTable {
  id: Generated<bigint>;
  brand_id: number;
  account: string;
  email: string;
  ip: string;
  at: GeneratedTimestamp;
}

/** A crash hash chain (migration 0015, decision 0015). */
export interface CrashChainsTable {
  id: Generated<bigint>;
  brand_id: number;
  seed: string;
  terminating_hash: string;
  length: number;
  created_at: GeneratedTimestamp;
}

export interface CrashRoundsTable {
  id: Generated<bigint>;
  brand_id: number;
  round_no: bigint;
  chain_id: bigint;
  chain_index: number;
  hash: string;
  bust: number;
  status: 'betting' | 'running' | 'busted' | 'void';
  betting_ends_ms: bigint;
  running_ms: bigint;
  bust_ms: bigint;
  settled_ms: bigint | null;
  created_at: GeneratedTimestamp;
}

export interface CrashBetsTable {
  id: Generated<bigint>;
  brand_id: number;
  round_id: bigint;
  member_id: bigint;
  slot: 1 | 2;
  request_id: string;
  provider_round: string;
  name: string;
  currency: string;
  stake: bigint;
  target: number | null;
  status: Generated<'open' | 'cashed' | 'lost' | 'void'>;
  cashout_kind: 'manual' | 'auto' | null;
  cashout_request_id: string | null;
  cashout_ms: bigint | null;
  cashout_elapsed_ms: number | null;
  multiplier: number | null;
  win: bigint | null;
  settled: Generated<boolean>;
  created_at: GeneratedTimestamp;
}

/** The seed of each player's next slot round (migration 0021): its hash is shown before the spin. */
export interface SlotSeedsTable {
  brand_id: number;
  member_id: bigint;
  server_seed: string;
  server_seed_hash: string;
}

/** A dice player's seed pair (migration 0016, decision 0016). */
export interface DiceSeedsTable {
  id: Generated<bigint>;
  brand_id: number;
  member_id: bigint;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: Generated<bigint>;
  created_at: GeneratedTimestamp;
  rotated_at: Timestamp | null;
}

/** A brand's play on one day, counted from the ledger (migration 0032, decision 0034). */
export interface DailyFiguresTable {
  brand_id: number;
  /** 'YYYY-MM-DD' (dates read as text, platform/db.ts). */
  day: string;
  currency: string;
  stakes: bigint;
  wins: bigint;
  bets: number;
  active_players: number;
  new_players: number;
  counted_at: GeneratedTimestamp;
}

/** One run of a periodic job for one period (migration 0019, decision 0021). */
export interface JobRunsTable {
  job: string;
  period: string;
  due_at: Timestamp;
  status: 'running' | 'succeeded' | 'failed';
  attempts: Generated<number>;
  runner: string;
  lease_until: Timestamp;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  retry_at: Timestamp | null;
  error: string | null;
  result: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

/** The cashier (migrations/0039-cashier.sql, decision 0040). Amounts in minor units. */
export interface CashierSettingsTable {
  brand_id: number;
  sandbox_enabled: Generated<boolean>;
  deposit_expiry_minutes: Generated<number>;
  withdraw_min_minor: Generated<bigint>;
  withdraw_max_minor: Generated<bigint>;
  withdraw_daily_count: Generated<number>;
  withdraw_daily_minor: Generated<bigint>;
  auto_confirm_minutes: Generated<number>;
  four_eyes_minor: Generated<bigint>;
  payout_retries: Generated<number>;
  deposit_turnover_pct: Generated<number>;
  upline_turnover_pct: Generated<number>;
  transfer_min_minor: Generated<bigint>;
  transfer_max_minor: Generated<bigint>;
  player_two_factor_opt_in: Generated<boolean>;
  version: Generated<number>;
  updated_at: Timestamp | null;
  updated_by: string | null;
}

export interface CashierMethodsTable {
  id: Generated<number>;
  brand_id: number;
  direction: 'deposit' | 'withdraw';
  kind: 'psp' | 'bank_transfer';
  provider: string | null;
  channel: Generated<string>;
  name_bn: string;
  name_en: string;
  logo: string | null;
  currency: string;
  min_minor: bigint;
  max_minor: bigint;
  fee_bp: Generated<number>;
  fee_fixed_minor: Generated<bigint>;
  fee_bearer: Generated<'operator' | 'player'>;
  presets_minor: ColumnType<bigint[], bigint[] | string[] | undefined, bigint[] | string[]>;
  processing_minutes: Generated<number>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  bank_name: string | null;
  bank_account_name: string | null;
  bank_account_number: string | null;
  bank_branch: string | null;
  bank_routing_number: string | null;
  version: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface PayoutAccountsTable {
  id: Generated<bigint>;
  brand_id: number;
  member_id: bigint;
  method_id: number;
  account_number: string;
  payee_name: string;
  usable_from: GeneratedTimestamp;
  created_at: GeneratedTimestamp;
  removed_at: Timestamp | null;
}

export type CashierRequestState =
  | 'created'
  | 'pending'
  | 'submitted'
  | 'under_review'
  | 'approved'
  | 'paying'
  | 'paid'
  | 'credited'
  | 'rejected'
  | 'expired'
  | 'cancelled'
  | 'failed';

export interface CashierRequestsTable {
  id: Generated<bigint>;
  brand_id: number;
  member_id: bigint;
  type: 'deposit' | 'withdraw';
  method_id: number | null;
  state: CashierRequestState;
  amount_minor: bigint;
  fee_minor: Generated<bigint>;
  fee_bearer: Generated<'operator' | 'player'>;
  currency: string;
  promotion_id: number | null;
  request_key: string | null;
  transfer_reference: string | null;
  player_reference: string | null;
  provider: string | null;
  order_token: string | null;
  redirect_url: string | null;
  provider_tx_id: string | null;
  payout_account_id: bigint | null;
  payout_id: string | null;
  payout_attempts: Generated<number>;
  provider_reference: string | null;
  reason: string | null;
  first_approved_by: bigint | null;
  first_approved_at: Timestamp | null;
  decided_by: bigint | null;
  decided_at: Timestamp | null;
  confirmation: 'received' | 'partial' | 'not_received' | 'auto' | null;
  confirmed_at: Timestamp | null;
  expires_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  paid_at: Timestamp | null;
  /** migrations/0041: a failed payout waiting to be sent again (same payout id) from this time. */
  payout_retry_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface CashierRequestEventsTable {
  id: Generated<bigint>;
  request_id: bigint;
  state: CashierRequestState;
  actor: string;
  note: string | null;
  at: GeneratedTimestamp;
}

export interface TurnoverRequirementsTable {
  id: Generated<bigint>;
  brand_id: number;
  member_id: bigint;
  source: string;
  source_key: string;
  required_minor: bigint;
  remaining_minor: bigint;
  created_at: GeneratedTimestamp;
}

/** migrations/0041: the turnover meter's cursor per member (rounds closed up to it are applied). */
export interface TurnoverMetersTable {
  member_id: bigint;
  applied_until: Timestamp;
}

export interface MemberTransfersTable {
  id: Generated<bigint>;
  brand_id: number;
  from_member: bigint;
  to_member: bigint;
  amount_minor: bigint;
  currency: string;
  remark: Generated<string>;
  request_key: string;
  created_at: GeneratedTimestamp;
}

export interface CashierCasesTable {
  id: Generated<bigint>;
  brand_id: number;
  request_id: bigint;
  kind: 'partial' | 'not_received';
  remaining_minor: bigint | null;
  proof: Buffer | null;
  proof_type: string | null;
  state: Generated<'open' | 'closed'>;
  note: string | null;
  closed_by: bigint | null;
  closed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface MemberMessagesTable {
  id: Generated<bigint>;
  brand_id: number;
  member_id: bigint;
  kind: string;
  params: ColumnType<Record<string, string>, string | undefined, string>;
  request_id: bigint | null;
  created_at: GeneratedTimestamp;
  read_at: Timestamp | null;
}

export interface ResponsiblePlayLimitsTable {
  id: Generated<bigint>;
  brand_id: number;
  member_id: bigint;
  kind: 'cool_off' | 'self_exclusion' | 'deposit_day' | 'deposit_week' | 'deposit_month';
  amount_minor: bigint | null;
  until: Timestamp | null;
  created_at: GeneratedTimestamp;
}

/** A payment provider's signing secret per brand, sealed (migrations/0040-cashier-deposits.sql). */
export interface PspSecretsTable {
  brand_id: number;
  provider: string;
  secret_sealed: string;
  created_at: GeneratedTimestamp;
}

/** The sandbox provider's own records of the orders and payouts it was given. */
export interface PspSandboxRecordsTable {
  id: Generated<bigint>;
  brand_id: number;
  kind: 'deposit' | 'payout';
  request_id: bigint;
  order_token: string | null;
  payout_id: string | null;
  amount_minor: bigint;
  currency: string;
  channel: string;
  account_number: string | null;
  payee_name: string | null;
  status: Generated<'pending' | 'paid' | 'failed'>;
  provider_tx_id: string | null;
  reason: string | null;
  created_at: GeneratedTimestamp;
  decided_at: Date | null;
}

/** An uploaded method logo (migrations/0043-cashier-desk.sql). */
export interface CashierMethodLogosTable {
  key: string;
  brand_id: number;
  method_id: number;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: Buffer;
  created_at: GeneratedTimestamp;
}

export interface DB {
  cashier_method_logos: CashierMethodLogosTable;
  psp_secrets: PspSecretsTable;
  psp_sandbox_records: PspSandboxRecordsTable;
  responsible_play_limits: ResponsiblePlayLimitsTable;
  cashier_settings: CashierSettingsTable;
  cashier_methods: CashierMethodsTable;
  payout_accounts: PayoutAccountsTable;
  cashier_requests: CashierRequestsTable;
  cashier_request_events: CashierRequestEventsTable;
  turnover_requirements: TurnoverRequirementsTable;
  turnover_meters: TurnoverMetersTable;
  member_transfers: MemberTransfersTable;
  cashier_cases: CashierCasesTable;
  member_messages: MemberMessagesTable;
  member_notes: MemberNotesTable;
  balance_adjustments: BalanceAdjustmentsTable;
  staff: StaffTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  staff_setup_links: StaffSetupLinksTable;
  staff_login_challenges: StaffLoginChallengesTable;
  staff_roles: StaffRolesTable;
  job_runs: JobRunsTable;
  daily_figures: DailyFiguresTable;
  password_reset_tokens: PasswordResetTokensTable;
  password_reset_requests: PasswordResetRequestsTable;
  crash_chains: CrashChainsTable;
  crash_rounds: CrashRoundsTable;
  crash_bets: CrashBetsTable;
  dice_seeds: DiceSeedsTable;
  slot_seeds: SlotSeedsTable;
  provider_vendors: ProviderVendorsTable;
  game_sessions: GameSessionsTable;
  inhouse_rounds: InhouseRoundsTable;
  provider_rounds: ProviderRoundsTable;
  provider_transactions: ProviderTransactionsTable;
  provider_held_wins: ProviderHeldWinsTable;
  held_win_requests: HeldWinRequestsTable;
  ledger_accounts: LedgerAccountsTable;
  wallet_balances: WalletBalancesTable;
  ledger_transactions: LedgerTransactionsTable;
  postings: PostingsTable;
  hpke_keys: HpkeKeysTable;
  sealed_bodies_used: SealedBodiesUsedTable;
  member_login_ips: MemberLoginIpsTable;
  login_challenges: LoginChallengesTable;
  member_avatars: MemberAvatarsTable;
  server_secrets: ServerSecretsTable;
  members: MembersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  registration_taken: RegistrationTakenTable;
  audit_log: AuditLogTable;
  sms_codes: SmsCodesTable;
  email_codes: EmailCodesTable;
  human_checks_used: HumanChecksUsedTable;
  captchas: CaptchasTable;
  brands: BrandsTable;
  brand_domains: BrandDomainsTable;
  whitelabel_modules: WhitelabelModulesTable;
  register_field_rules: RegisterFieldRulesTable;
  resources: ResourcesTable;
  banners: BannersTable;
  announcements: AnnouncementsTable;
  promotions: PromotionsTable;
  customer_service: CustomerServiceTable;
  help_sections: HelpSectionsTable;
  game_categories: GameCategoriesTable;
  vendors: VendorsTable;
  games: GamesTable;
  favourite_games: FavouriteGamesTable;
  recent_games: RecentGamesTable;
}
