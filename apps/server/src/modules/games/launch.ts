import { randomInt } from 'node:crypto';
import {
  FIELD_ERRORS,
  type GameMaintenanceValue,
  INHOUSE_VENDOR,
  type LaunchGameBody,
  type LaunchGameValue,
  LOCALES,
  type Locale,
  MAINTENANCE_SUGGESTIONS,
} from '@khela/contract';
import type { BrandSnapshot } from '../../platform/brand';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionMember } from '../../platform/sessions';
import { createGameSession, issueLaunchTicket } from '../provider/service';
import * as repo from './repo';
import { nameIn, toItem } from './service';

/**
 * Game launch (spec §3 launch payload, §7 /wps/game/launchGame, §8 'Game Under Maintenance').
 * Each vendor has one launcher: the in-house provider opens its own page with a single-use
 * ticket; any other vendor opens the address its operator configured (vendors.launch_url). A
 * vendor without one is honestly under maintenance, and the lobby says so before the click.
 */

export type LaunchOutcome =
  | { kind: 'launched'; value: LaunchGameValue }
  | { kind: 'maintenance'; value: GameMaintenanceValue };

type Target = NonNullable<Awaited<ReturnType<typeof repo.launchTarget>>>;

/**
 * The launch's language: the body's `language`, else the `Language` header (its primary subtag,
 * so 'en-US' is 'en'), else the brand's default. A header naming no locale we have is bad input.
 */
export function launchLanguage(body: LaunchGameBody, header: string | undefined, brand: BrandSnapshot): Locale {
  if (body.language) return body.language;
  if (header !== undefined && header.trim() !== '') {
    const primary = header.trim().split(/[-_]/)[0]?.toLowerCase();
    const locale = LOCALES.find((l) => l === primary);
    if (!locale) throw new AppError('VALIDATION_FAILED', { language: FIELD_ERRORS.invalid });
    return locale;
  }
  const fallback = LOCALES.find((l) => l === brand.info.defaultLanguage);
  return fallback ?? 'bn';
}

/**
 * Where the game page is served from (spec §9: 'game-launch hosts are picked at random from
 * server lists'): a random entry of brand.launchGameCDNs as an origin ('https://' assumed when
 * an entry has no scheme); none usable → '' so the address is path-absolute on the site's own
 * origin.
 */
export function launchOrigin(cdns: readonly string[]): string {
  const origins = cdns.flatMap((entry) => {
    try {
      const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(entry) ? entry : `https://${entry}`);
      return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
    } catch {
      return [];
    }
  });
  return origins.length > 0 ? (origins[randomInt(origins.length)] ?? '') : '';
}

/** Fills a vendor's address template; every value is URL-encoded, so none can change its shape. */
export function fillLaunchTemplate(
  template: string,
  v: { token: string; game: string; lang: string; player: string },
): string {
  return template.replace(/\{(token|game|lang|player)\}/g, (_, k: keyof typeof v) => encodeURIComponent(v[k]));
}

async function findTarget(db: Database, brand: BrandSnapshot, body: LaunchGameBody): Promise<Target> {
  const game = await repo.launchTarget(db.kysely, brand.id, {
    nodeId: body.nodeId,
    gameCode: body.gameId ?? body.roomId,
    vassalage: body.vassalage ?? body.accountTypeName,
  });
  if (!game) throw new AppError('NOT_FOUND');
  return game;
}

async function suggestionsFor(db: Database, brand: BrandSnapshot, game: Target, lang: Locale) {
  const rows = await repo.launchableSuggestions(db.kysely, brand.id, game.id, game.category, MAINTENANCE_SUGGESTIONS);
  return rows.map((r) => toItem(r, lang, brand));
}

/**
 * Launches a game for the logged-in member: finds it in the brand's catalog, answers maintenance
 * with suggestions when it cannot open, else opens a game session (createGameSession refuses a
 * trial account a real-money-only vendor) and answers the game's address. The game goes to the
 * member's recent games only once it has really opened.
 */
export async function launchGame(
  db: Database,
  brand: BrandSnapshot,
  member: SessionMember,
  body: LaunchGameBody,
  languageHeader: string | undefined,
): Promise<LaunchOutcome> {
  const language = launchLanguage(body, languageHeader, brand);
  const game = await findTarget(db, brand, body);
  if (!game.enabled || !game.vendor_enabled || !game.launchable) {
    return { kind: 'maintenance', value: { suggestions: await suggestionsFor(db, brand, game, language) } };
  }

  const session = await createGameSession(db, {
    member: { id: member.id, brandId: member.brandId, isAgent: member.isAgent },
    vendor: game.vassalage,
    gameCode: game.code,
    language,
    sessionId: member.sessionId,
  });
  let gameUrl: string;
  let gameUrl2: string | undefined;
  if (game.vassalage === INHOUSE_VENDOR) {
    // The page's address carries a one-minute single-use ticket, never the session token.
    const ticket = await issueLaunchTicket(db, brand.id, session.token);
    const q = new URLSearchParams({ ticket, lang: language });
    gameUrl = `${launchOrigin(brand.launchGameCDNs)}/play/${encodeURIComponent(game.code)}?${q}`;
  } else {
    // vendorLaunchable guarantees a launch_url for every vendor but the in-house one.
    const fill = { token: session.token, game: game.code, lang: language, player: String(member.id) };
    gameUrl = fillLaunchTemplate(game.launch_url ?? '', fill);
    if (game.launch_url2) gameUrl2 = fillLaunchTemplate(game.launch_url2, fill);
  }
  await repo.recordRecentGame(db.kysely, member.id, game.id);
  return {
    kind: 'launched',
    value: {
      game_url: gameUrl,
      ...(gameUrl2 ? { game_url2: gameUrl2 } : {}),
      nodeId: game.id,
      gameName: nameIn(game.names, language, brand, game.code),
      vassalage: game.vassalage,
      gameType: game.category,
    },
  };
}
