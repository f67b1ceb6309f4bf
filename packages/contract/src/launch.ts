import { defineCall } from './call';
import { GameItem } from './catalog';
import { LAUNCH_ACCOUNT_TYPE, LAUNCH_CLIENT_TYPE, LAUNCH_CONFIRM_TRANS, LAUNCH_MODE, LOCALES } from './constants';
import { z } from './zod';

/**
 * Game launch (spec §3 'Game launch payload', §7 '/wps/game/launchGame (launch V2 with Language
 * header)', §8 'Game Under Maintenance' with suggestion of other games). A POST with a JSON body
 * and the player's Bearer token; it answers the address the game frame opens.
 */

const Code = z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/, 'validation.invalid');

/**
 * The spec's launch payload. The game is named by `nodeId` (the catalog id every list answers)
 * or by `gameId` (the vendor's game code; `roomId` is its PVP spelling) with the vendor as
 * `vassalage` or `accountTypeName`. `username`, `token` and `merchantCode` are accepted because
 * the spec's client sends them, but never trusted: the player is the Bearer token's, the brand
 * the host's.
 */
export const LaunchGameBody = z
  .strictObject({
    gameId: Code.optional(),
    roomId: Code.optional(),
    nodeId: z.number().int().min(1).max(2_147_483_647).optional(),
    accountType: z.literal(LAUNCH_ACCOUNT_TYPE).optional(),
    confirmTrans: z.literal(LAUNCH_CONFIRM_TRANS).optional(),
    vassalage: Code.optional(),
    accountTypeName: Code.optional(),
    launchMode: z.literal(LAUNCH_MODE).optional(),
    platform: z
      .string()
      .max(60)
      .regex(/^[a-z0-9,-]*$/, 'validation.invalid')
      .optional(),
    clientType: z.literal(LAUNCH_CLIENT_TYPE).optional(),
    username: z.string().max(60).optional(),
    token: z.string().max(200).optional(),
    merchantCode: z.string().max(40).optional(),
    language: z.enum(LOCALES).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.nodeId !== undefined) return;
    if (b.gameId === undefined && b.roomId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['nodeId'], message: 'validation.required' });
    } else if (b.vassalage === undefined && b.accountTypeName === undefined) {
      ctx.addIssue({ code: 'custom', path: ['vassalage'], message: 'validation.required' });
    }
  });
export type LaunchGameBody = z.infer<typeof LaunchGameBody>;

/** What the game frame opens: `game_url`, and `game_url2` when the vendor offers another address. */
export const LaunchGameValue = z.object({
  game_url: z.string(),
  game_url2: z.string().optional(),
  /** The launched game, so the page can name its frame (screen readers) and its title. */
  nodeId: z.number().int(),
  gameName: z.string(),
  vassalage: z.string(),
  gameType: z.string(),
});
export type LaunchGameValue = z.infer<typeof LaunchGameValue>;

/**
 * The one failure whose envelope carries a value: 503 GAME_MAINTENANCE (the game or its vendor is
 * switched off, or the vendor has no launcher) suggests up to MAINTENANCE_SUGGESTIONS other
 * launchable games — the same category first, hot first — so the player has somewhere to go.
 * Every other failure keeps `value: null`.
 */
export const GameMaintenanceValue = z.object({ suggestions: z.array(GameItem) });
export type GameMaintenanceValue = z.infer<typeof GameMaintenanceValue>;

/**
 * POST /wps/game/launchGame (spec §7 launch V2): the language also travels in the
 * LAUNCH_LANGUAGE_HEADER header. A trial account is refused a real-money-only vendor by the
 * launch itself, so any session may call it.
 */
export const launchGameCall = defineCall({
  method: 'POST',
  path: '/wps/game/launchGame',
  auth: 'member',
  tag: 'games',
  summary: 'Launch a game (spec §3 payload, Language header): value.game_url (and game_url2)',
  body: LaunchGameBody,
  response: LaunchGameValue,
  failure: GameMaintenanceValue,
});
