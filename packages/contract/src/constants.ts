/** Business constants of spec §9, defined once with their spec names. */

/** Languages offered by default; locale files exist for all of LOCALES. */
export const LOCALES = ['bn', 'en', 'cn', 'id', 'th', 'ty', 'vi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'bn';

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

/** Game categories, in the order of the side menu (spec §2 'Left side menu'). */
export const GAME_CATEGORIES = [
  'RNG',
  'FISH',
  'PVP',
  'LIVE',
  'ELOTT',
  'LOTT',
  'COCKFIGHT',
  'SPORTS',
  'ESPORTS',
  'INHOUSE',
] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];
/** Categories the side menu may list (spec §2); In-House has its own entry. */
export const SIDE_MENU_CATEGORIES = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS'] as const;

/** Announcement types: B banner (default), PL player, PU popup, PR promotion, H help. */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
/** The notice request of the site (spec §9). */
export const NOTICE_REQUEST = { types: 'B,PL,PU,PR', platform: 'W', execution: 'B' } as const;

export const LOBBY_PAGE_SIZE = 42;
export const LOBBY_FIRST_PAGE = 1;
/** The largest page the game lists answer (a bigger pageSize is a bad request). */
export const GAME_LIST_MAX_PAGE_SIZE = 100;
/** Recent games kept per member; older ones drop off as new ones are played. */
export const RECENT_GAMES_KEPT = 30;
/** Launch and list constants (spec §9). */
export const LAUNCH_CLIENT_TYPE = 3;
export const LAUNCH_PLATFORM = 'html5-desktop';
export const GAME_LIST_PLATFORMS = 'flash,html5-desktop';
export const HOT_GAMES_IS_PLATFORM = 2;
/** The launch payload's fixed values (spec §3, §9: accountType 1, confirmTrans 0, launchMode GLS). */
export const LAUNCH_MODE = 'GLS';
export const LAUNCH_ACCOUNT_TYPE = 1;
export const LAUNCH_CONFIRM_TRANS = 0;
/** The header naming the launch's language (spec §7 'launch V2 with Language header'); the body's `language` wins. */
export const LAUNCH_LANGUAGE_HEADER = 'language';
/** How many other games a 'Game Under Maintenance' answer suggests (spec §8). */
export const MAINTENANCE_SUGGESTIONS = 6;
/** The lottery vendor a lottery category opens directly (spec §2 'Category navigation'). */
export const LOTTERY_DIRECT_VENDOR = 'TCG_SEA';
/** A vendor card whose isGame is this opens a popup game list (spec §3). */
export const VENDOR_POPUP_IS_GAME = 'VASSALAGE';
export const NOTICE_PAGE_SIZE = 9;
export const PAGINATION_RANGE = 3;
export const PAGINATION_MARGIN = 1;

export const CAROUSEL_AUTOPLAY_MS = 5000;
export const PICKER_BLUR_DELAY_MS = 200;
export const SMS_THROTTLE_MS = 1000;
export const CAPTCHA_REFRESH_GUARD_MS = 1000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const LOGIN_COOKIE_HOURS = 24;
export const QR_CODE_SIZE = 100;

/** Lazy image loader (spec §9). */
export const IMAGE_LOADER = { cache: 200, attempts: 3, throttleMs: 200 } as const;
export const SIDE_MENU_IMAGE_LOADER = { threshold: 0.1, attempts: 1 } as const;

/** Whitelabel module flags the site reads (spec §3, §6). */
export const WHITELABEL_FLAGS = [
  'DIRECTREG3',
  'MOBILEVERCODELOGIN3',
  'CBS3',
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
] as const;
export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

/** Resources keyed by name (spec §3). */
export const RESOURCE_TYPES = [
  'Android',
  'MOBILECONFIG',
  'AFFILIATELINK',
  'USDJUMP',
  'SpeedTest',
  'WHATSAPP',
  'FACEBOOK',
  'INSTAGRAM',
  'TELEGRAM',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** Fields whose rules come from `/wps/system/setting/register` (spec §5). */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'mobileNum',
  'affiliateCode',
  'captcha',
  'recommenderId',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

/** System status codes (spec §2 'App root by system status'). */
export const SYSTEM_STATUS = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;

/** Banner groups: one per route of spec §2 plus the login modal (w_reg) and help centre (w_help). */
export const BANNER_GROUPS = [
  'w_home',
  'w_rng',
  'w_live',
  'w_fish',
  'w_pvp',
  'w_sports',
  'w_esports',
  'w_elott',
  'w_down',
  'w_promotions',
  'w_pointMall',
  'w_help',
  'w_register',
  'w_inhouse',
  'w_reg',
] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];

/**
 * The banner group each page shows at its top (spec §2 'Routes'); a page not listed shows none.
 * The web's route table takes its carousels from here, and the server preloads the group's first
 * banner from the page's HTML: it is the largest thing the first screen paints.
 */
export const PAGE_BANNER_GROUPS: Readonly<Record<string, BannerGroup>> = {
  '/': 'w_home',
  '/register': 'w_register',
  '/pointMall': 'w_pointMall',
  '/rng': 'w_rng',
  '/pvp': 'w_pvp',
  '/live': 'w_live',
  '/fish': 'w_fish',
  '/sports': 'w_sports',
  '/esports': 'w_esports',
  '/inhouse': 'w_inhouse',
  '/elott': 'w_elott',
  '/hot': 'w_home',
  '/help': 'w_help',
  '/down': 'w_down',
  // No carousel: the login popup /login opens at once shows this group's first banner on top.
  '/login': 'w_reg',
};

/**
 * The page that opens with the login popup over it (the web's LOGIN_PATH): the server paints the
 * popup's sheet with its picture (this page's banner group) before any script has run.
 */
export const LOGIN_FRAME_PAGE = '/login';

/**
 * Pages whose first screen is the site's frame with the banner carousel on top: the server paints
 * that frame with the page's first banner into the HTML, so the largest thing on the screen shows
 * before any script has run (decision 0033). `sideMenu`: the frame has the side menu's column
 * beside it on a desktop. A web test checks this against the route table.
 */
export const BANNER_FRAME_PAGES: Readonly<Record<string, { sideMenu: boolean }>> = {
  '/': { sideMenu: true },
  '/hot': { sideMenu: true },
  '/rng': { sideMenu: true },
  '/pvp': { sideMenu: true },
  '/live': { sideMenu: true },
  '/fish': { sideMenu: true },
  '/sports': { sideMenu: true },
  '/esports': { sideMenu: true },
  '/inhouse': { sideMenu: true },
  '/elott': { sideMenu: true },
  '/down': { sideMenu: true },
  '/pointMall': { sideMenu: false },
  '/help': { sideMenu: false },
};

/**
 * Promotion categories (spec §3 'Promotion: id, category (new_player is one)'), in the order of
 * the promotion types of spec §2 'Other screens'; 'all' there is no category but the whole list,
 * and its 'newbie' type is the new_player category.
 */
export const PROMOTION_CATEGORIES = [
  'others',
  'sports',
  'live_casino',
  'slots',
  'card_games',
  'fish',
  'lotto',
  'rebate',
  'points_mall',
  'ranking',
  'deposit',
  'app_download',
  'new_player',
  'game',
] as const;
export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];
/** The category the registration form's carousel shows (spec §2 'Registration form'). */
export const NEW_PLAYER_CATEGORY: PromotionCategory = 'new_player';
export const PROMOTION_PAGE_SIZE = 20;

/**
 * The values of a member's `isAgent` (spec §3/§6). The name is the spec's: it says what kind of
 * account this is, not only whether it is an agent.
 */
export const IS_AGENT = {
  /** A player. */
  PLAYER: 0,
  /** Agent kinds that own an account centre and invitation codes (spec §6). */
  AGENT: 1,
  AGENT_2: 2,
  /** A trial (free play) account: play money only, no member centre, no cashier. */
  TRIAL: 4,
  AGENT_41: 41,
  AGENT_42: 42,
} as const;

/** Spec §6: the account centre is allowed for isAgent 1, 2, 41, 42; the `agent` auth admits these. */
export const AGENT_KINDS: readonly number[] = [IS_AGENT.AGENT, IS_AGENT.AGENT_2, IS_AGENT.AGENT_41, IS_AGENT.AGENT_42];

export const isAgentKind = (isAgent: number): boolean => AGENT_KINDS.includes(isAgent);
export const isTrialAccount = (isAgent: number): boolean => isAgent === IS_AGENT.TRIAL;

/** Kinds of wallet movement a player sees in the account record (ledger_transactions.kind; records.ts). */
export const RECORD_TX_TYPES = ['adjust', 'opening', 'bet', 'win', 'rollback'] as const;
export type RecordTxType = (typeof RECORD_TX_TYPES)[number];

/**
 * Why staff moved a player's balance (staff-players.ts ADJUSTMENT_TURNOVER_PCT): the back office
 * sets it and the player's account record names it.
 */
export const ADJUSTMENT_CATEGORIES = ['correction', 'compensation', 'goodwill', 'other'] as const;
export type AdjustmentCategory = (typeof ADJUSTMENT_CATEGORIES)[number];

/** States of a round in the betting record (records.ts). */
export const ROUND_STATUSES = ['open', 'completed', 'cancelled'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];
