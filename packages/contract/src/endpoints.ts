// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import type * as authDefs from './auth';
import { endpoint, socketEndpoint } from './call';
import type * as catalogDefs from './catalog';
import type * as crashDefs from './crash';
import type * as diceDefs from './dice';
import type * as inhouseDefs from './inhouse';
import type * as launchDefs from './launch';
import type * as memberDefs from './member';
import type * as passwordResetDefs from './password-reset';
import type * as promotionsDefs from './promotions';
import type * as providerDefs from './provider';
import type * as realtimeDefs from './realtime';
import type * as recordsDefs from './records';
import type * as staffDefs from './staff';
import type * as staffAdminDefs from './staff-admin';
import type * as staffBrandDefs from './staff-brand';
import type * as staffDashboardDefs from './staff-dashboard';
import type * as staffPlayersDefs from './staff-players';
import type * as staffRiskDefs from './staff-risk';
import type * as systemDefs from './system';
import type * as verificationDefs from './verification';
import type * as walletDefs from './wallet';

/**
 * Every call and socket of the contract without its zod schemas: what the browser needs to make
 * a call (method, path, the parts of its input, how its body travels). The types come from the
 * full definitions, imported as types only, so the apps keep their typed `call()` and no schema
 * enters their bundles (the server validates). endpoints.test.ts checks each against its call.
 */

export const captchaCall = endpoint<typeof authDefs.captchaCall>({
  method: 'GET',
  path: '/wps/captcha',
  auth: 'none',
  input: [],
});
export const checkAffiliateCall = endpoint<typeof authDefs.checkAffiliateCall>({
  method: 'POST',
  path: '/wps/agent/affiliate',
  auth: 'none',
  input: ['body'],
});
export const freePlayCall = endpoint<typeof authDefs.freePlayCall>({
  method: 'POST',
  path: '/wps/session/login/freeplay',
  auth: 'none',
  input: ['body'],
});
export const humanChallengeCall = endpoint<typeof authDefs.humanChallengeCall>({
  method: 'GET',
  path: '/wps/verification/human',
  auth: 'none',
  input: [],
});
export const loginCall = endpoint<typeof authDefs.loginCall>({
  method: 'POST',
  path: '/wps/session/login',
  auth: 'none',
  input: ['body'],
  sealed: true,
});
export const loginFromNewIpCall = endpoint<typeof authDefs.loginFromNewIpCall>({
  method: 'POST',
  path: '/wps/session/login/newip',
  auth: 'none',
  input: ['body'],
});
export const logoutCall = endpoint<typeof authDefs.logoutCall>({
  method: 'DELETE',
  path: '/wps/session/logout',
  auth: 'member',
  input: [],
});
export const registerByMobileCall = endpoint<typeof authDefs.registerByMobileCall>({
  method: 'POST',
  path: '/wps/member/register/mobile',
  auth: 'none',
  input: ['body'],
  sealed: true,
});
export const registerCall = endpoint<typeof authDefs.registerCall>({
  method: 'POST',
  path: '/wps/member/register',
  auth: 'none',
  input: ['body'],
  sealed: true,
});
export const resendNewIpCodeCall = endpoint<typeof authDefs.resendNewIpCodeCall>({
  method: 'POST',
  path: '/wps/session/login/newip/resend',
  auth: 'none',
  input: ['body'],
});
export const sealingKeyCall = endpoint<typeof authDefs.sealingKeyCall>({
  method: 'GET',
  path: '/wps/system/hpke',
  auth: 'none',
  input: [],
});
export const favouriteGamesCall = endpoint<typeof catalogDefs.favouriteGamesCall>({
  method: 'GET',
  path: '/wps/relay/GLS_favouriteGames',
  auth: 'member',
  input: ['query'],
});
export const favouriteIdsCall = endpoint<typeof catalogDefs.favouriteIdsCall>({
  method: 'GET',
  path: '/wps/relay/GLS_favouriteIds',
  auth: 'member',
  input: [],
});
export const favouriteToggleCall = endpoint<typeof catalogDefs.favouriteToggleCall>({
  method: 'POST',
  path: '/wps/relay/GLS_favouriteToggle',
  auth: 'member',
  input: ['body'],
});
export const gameListCall = endpoint<typeof catalogDefs.gameListCall>({
  method: 'GET',
  path: '/lgw/games/game_list',
  auth: 'none',
  input: ['query'],
});
export const gameMenusCall = endpoint<typeof catalogDefs.gameMenusCall>({
  method: 'GET',
  path: '/lgw/games/game_menus',
  auth: 'none',
  input: ['query'],
});
export const gameVendorsCall = endpoint<typeof catalogDefs.gameVendorsCall>({
  method: 'GET',
  path: '/lgw/games/game_vendor',
  auth: 'none',
  input: ['query'],
});
export const hotGamesCall = endpoint<typeof catalogDefs.hotGamesCall>({
  method: 'GET',
  path: '/lgw/games/hot_games',
  auth: 'none',
  input: ['query'],
});
export const recentGamesCall = endpoint<typeof catalogDefs.recentGamesCall>({
  method: 'GET',
  path: '/wps/relay/GLS_recentGames',
  auth: 'member',
  input: ['query'],
});
export const crashBetCall = endpoint<typeof crashDefs.crashBetCall>({
  method: 'POST',
  path: '/play/api/crash/bet',
  auth: 'game',
  input: ['body'],
});
export const crashCashOutCall = endpoint<typeof crashDefs.crashCashOutCall>({
  method: 'POST',
  path: '/play/api/crash/cashout',
  auth: 'game',
  input: ['body'],
});
export const crashFeedSocket = socketEndpoint<typeof crashDefs.crashFeedSocket>({
  path: '/play/api/crash/ws',
  auth: 'game',
});
export const crashStateCall = endpoint<typeof crashDefs.crashStateCall>({
  method: 'GET',
  path: '/play/api/crash/state',
  auth: 'game',
  input: [],
});
export const diceBetCall = endpoint<typeof diceDefs.diceBetCall>({
  method: 'POST',
  path: '/play/api/dice/bet',
  auth: 'game',
  input: ['body'],
});
export const diceRotateCall = endpoint<typeof diceDefs.diceRotateCall>({
  method: 'POST',
  path: '/play/api/dice/seeds/rotate',
  auth: 'game',
  input: ['body'],
});
export const diceSeedsCall = endpoint<typeof diceDefs.diceSeedsCall>({
  method: 'GET',
  path: '/play/api/dice/seeds',
  auth: 'game',
  input: [],
});
export const playBalanceCall = endpoint<typeof inhouseDefs.playBalanceCall>({
  method: 'GET',
  path: '/play/api/balance',
  auth: 'game',
  input: [],
});
export const playOpenCall = endpoint<typeof inhouseDefs.playOpenCall>({
  method: 'POST',
  path: '/play/api/open',
  auth: 'none',
  input: ['body'],
});
export const slotSpinCall = endpoint<typeof inhouseDefs.slotSpinCall>({
  method: 'POST',
  path: '/play/api/slot/spin',
  auth: 'game',
  input: ['body'],
});
export const launchGameCall = endpoint<typeof launchDefs.launchGameCall>({
  method: 'POST',
  path: '/wps/game/launchGame',
  auth: 'member',
  input: ['body'],
});
export const avatarPictureCall = endpoint<typeof memberDefs.avatarPictureCall>({
  method: 'GET',
  path: '/wps/member/avatar/:key',
  auth: 'none',
  input: ['params'],
});
export const changePasswordCall = endpoint<typeof memberDefs.changePasswordCall>({
  method: 'PUT',
  path: '/wps/member/password',
  auth: 'member:real',
  input: ['body'],
  sealed: true,
});
export const memberInfoCall = endpoint<typeof memberDefs.memberInfoCall>({
  method: 'GET',
  path: '/wps/member/info',
  auth: 'member',
  input: [],
});
export const playerAvatarsCall = endpoint<typeof memberDefs.playerAvatarsCall>({
  method: 'GET',
  path: '/wps/relay/MCSFE_getPlayerAvatar',
  auth: 'member',
  input: [],
});
export const setAvatarCall = endpoint<typeof memberDefs.setAvatarCall>({
  method: 'PUT',
  path: '/wps/member/info/icon',
  auth: 'member',
  input: ['body'],
});
export const updateLanguageCall = endpoint<typeof memberDefs.updateLanguageCall>({
  method: 'PUT',
  path: '/wps/member/language',
  auth: 'member',
  input: ['body'],
});
export const forgotPasswordByEmailCall = endpoint<typeof passwordResetDefs.forgotPasswordByEmailCall>({
  method: 'POST',
  path: '/wps/member/password/email',
  auth: 'none',
  input: ['body'],
  form: true,
});
export const resetPasswordCall = endpoint<typeof passwordResetDefs.resetPasswordCall>({
  method: 'POST',
  path: '/wps/member/password/reset',
  auth: 'none',
  input: ['body'],
});
export const promotionCall = endpoint<typeof promotionsDefs.promotionCall>({
  method: 'GET',
  path: '/wps/promotion/:id',
  auth: 'none',
  input: ['query', 'params'],
});
export const promotionListCall = endpoint<typeof promotionsDefs.promotionListCall>({
  method: 'GET',
  path: '/wps/promotion/list',
  auth: 'none',
  input: ['query'],
});
export const providerBalanceCall = endpoint<typeof providerDefs.providerBalanceCall>({
  method: 'POST',
  path: '/provider/:vendor/balance',
  auth: 'signature:provider-hmac',
  input: ['body', 'params'],
});
export const providerBetCall = endpoint<typeof providerDefs.providerBetCall>({
  method: 'POST',
  path: '/provider/:vendor/bet',
  auth: 'signature:provider-hmac',
  input: ['body', 'params'],
});
export const providerRollbackCall = endpoint<typeof providerDefs.providerRollbackCall>({
  method: 'POST',
  path: '/provider/:vendor/rollback',
  auth: 'signature:provider-hmac',
  input: ['body', 'params'],
});
export const providerWinCall = endpoint<typeof providerDefs.providerWinCall>({
  method: 'POST',
  path: '/provider/:vendor/win',
  auth: 'signature:provider-hmac',
  input: ['body', 'params'],
});
export const realtimeSocket = socketEndpoint<typeof realtimeDefs.realtimeSocket>({ path: '/ws', auth: 'member' });
export const bettingHistoryCall = endpoint<typeof recordsDefs.bettingHistoryCall>({
  method: 'POST',
  path: '/wps/relay/ODSFE2_MemBetDet',
  auth: 'member',
  input: ['body'],
});
export const profitCall = endpoint<typeof recordsDefs.profitCall>({
  method: 'POST',
  path: '/wps/relay/ODSFE2_MemProfit',
  auth: 'member',
  input: ['body'],
});
export const transactionHistoryCall = endpoint<typeof recordsDefs.transactionHistoryCall>({
  method: 'POST',
  path: '/wps/relay/ODSFE2_MemTransDet',
  auth: 'member',
  input: ['body'],
});
export const auditExportCall = endpoint<typeof staffAdminDefs.auditExportCall>({
  method: 'GET',
  path: '/bo/audit.csv',
  auth: 'staff:audit.read',
  input: ['query'],
});
export const jobRerunCall = endpoint<typeof staffAdminDefs.jobRerunCall>({
  method: 'POST',
  path: '/bo/jobs/:job/runs/:period/rerun',
  auth: 'staff:jobs.run',
  input: ['body', 'params'],
});
export const jobsListCall = endpoint<typeof staffAdminDefs.jobsListCall>({
  method: 'GET',
  path: '/bo/jobs',
  auth: 'staff:jobs.read',
  input: ['query'],
});
export const roleEditCall = endpoint<typeof staffAdminDefs.roleEditCall>({
  method: 'POST',
  path: '/bo/roles/:role',
  auth: 'staff:staff.write',
  input: ['body', 'params'],
});
export const rolesListCall = endpoint<typeof staffAdminDefs.rolesListCall>({
  method: 'GET',
  path: '/bo/roles',
  auth: 'staff:staff.read',
  input: ['query'],
});
export const staffAddressesCall = endpoint<typeof staffAdminDefs.staffAddressesCall>({
  method: 'GET',
  path: '/bo/brand/staff-addresses',
  auth: 'staff:brand.read',
  input: ['query'],
});
export const staffAddressesEditCall = endpoint<typeof staffAdminDefs.staffAddressesEditCall>({
  method: 'POST',
  path: '/bo/brand/staff-addresses',
  auth: 'staff:brand.write',
  input: ['body'],
});
export const staffCreateCall = endpoint<typeof staffAdminDefs.staffCreateCall>({
  method: 'POST',
  path: '/bo/staff',
  auth: 'staff:staff.write',
  input: ['body'],
});
export const staffDisableCall = endpoint<typeof staffAdminDefs.staffDisableCall>({
  method: 'POST',
  path: '/bo/staff/:id/disable',
  auth: 'staff:staff.write',
  input: ['body', 'params'],
});
export const staffEnableCall = endpoint<typeof staffAdminDefs.staffEnableCall>({
  method: 'POST',
  path: '/bo/staff/:id/enable',
  auth: 'staff:staff.write',
  input: ['body', 'params'],
});
export const staffLinkedMembersCall = endpoint<typeof staffAdminDefs.staffLinkedMembersCall>({
  method: 'POST',
  path: '/bo/staff/:id/linked-members',
  auth: 'staff:staff.write',
  input: ['body', 'params'],
});
export const staffListCall = endpoint<typeof staffAdminDefs.staffListCall>({
  method: 'GET',
  path: '/bo/staff',
  auth: 'staff:staff.read',
  input: ['query'],
});
export const staffResetCall = endpoint<typeof staffAdminDefs.staffResetCall>({
  method: 'POST',
  path: '/bo/staff/:id/reset',
  auth: 'staff:staff.write',
  input: ['body', 'params'],
});
export const staffRolesCall = endpoint<typeof staffAdminDefs.staffRolesCall>({
  method: 'POST',
  path: '/bo/staff/:id/roles',
  auth: 'staff:staff.write',
  input: ['body', 'params'],
});
export const brandSaveCall = endpoint<typeof staffBrandDefs.brandSaveCall>({
  method: 'PUT',
  path: '/bo/brand',
  auth: 'staff:brand.write',
  input: ['body'],
});
export const brandSettingsCall = endpoint<typeof staffBrandDefs.brandSettingsCall>({
  method: 'GET',
  path: '/bo/brand',
  auth: 'staff:brand.read',
  input: ['query'],
});
export const dashboardCall = endpoint<typeof staffDashboardDefs.dashboardCall>({
  method: 'GET',
  path: '/bo/dashboard',
  auth: 'staff:reports.read',
  input: ['query'],
});
export const adjustmentsCall = endpoint<typeof staffPlayersDefs.adjustmentsCall>({
  method: 'GET',
  path: '/bo/adjustments',
  auth: 'staff:players.read',
  input: ['query'],
});
export const approveAdjustmentCall = endpoint<typeof staffPlayersDefs.approveAdjustmentCall>({
  method: 'POST',
  path: '/bo/adjustments/:id/approve',
  auth: 'staff:players.adjust',
  input: ['body', 'params'],
});
export const playerAddNoteCall = endpoint<typeof staffPlayersDefs.playerAddNoteCall>({
  method: 'POST',
  path: '/bo/players/:id/notes',
  auth: 'staff:players.write',
  input: ['body', 'params'],
});
export const playerAdjustCall = endpoint<typeof staffPlayersDefs.playerAdjustCall>({
  method: 'POST',
  path: '/bo/players/:id/adjust',
  auth: 'staff:players.adjust',
  input: ['body', 'params'],
});
export const playerLabelsCall = endpoint<typeof staffPlayersDefs.playerLabelsCall>({
  method: 'POST',
  path: '/bo/players/:id/labels',
  auth: 'staff:players.write',
  input: ['body', 'params'],
});
export const playerLedgerCall = endpoint<typeof staffPlayersDefs.playerLedgerCall>({
  method: 'GET',
  path: '/bo/players/:id/ledger',
  auth: 'staff:players.read',
  input: ['query', 'params'],
});
export const playerLoginsCall = endpoint<typeof staffPlayersDefs.playerLoginsCall>({
  method: 'GET',
  path: '/bo/players/:id/logins',
  auth: 'staff:players.read',
  input: ['query', 'params'],
});
export const playerNotesCall = endpoint<typeof staffPlayersDefs.playerNotesCall>({
  method: 'GET',
  path: '/bo/players/:id/notes',
  auth: 'staff:players.read',
  input: ['query', 'params'],
});
export const playerProfileCall = endpoint<typeof staffPlayersDefs.playerProfileCall>({
  method: 'GET',
  path: '/bo/players/:id',
  auth: 'staff:players.read',
  input: ['query', 'params'],
});
export const playerRevokeSessionCall = endpoint<typeof staffPlayersDefs.playerRevokeSessionCall>({
  method: 'POST',
  path: '/bo/players/:id/sessions/:sessionId/revoke',
  auth: 'staff:players.write',
  input: ['body', 'params'],
});
export const playerRoundsCall = endpoint<typeof staffPlayersDefs.playerRoundsCall>({
  method: 'GET',
  path: '/bo/players/:id/rounds',
  auth: 'staff:players.read',
  input: ['query', 'params'],
});
export const playerSearchCall = endpoint<typeof staffPlayersDefs.playerSearchCall>({
  method: 'GET',
  path: '/bo/players',
  auth: 'staff:players.read',
  input: ['query'],
});
export const playerSessionsCall = endpoint<typeof staffPlayersDefs.playerSessionsCall>({
  method: 'GET',
  path: '/bo/players/:id/sessions',
  auth: 'staff:players.read',
  input: ['query', 'params'],
});
export const playerStatusCall = endpoint<typeof staffPlayersDefs.playerStatusCall>({
  method: 'POST',
  path: '/bo/players/:id/status',
  auth: 'staff:players.write',
  input: ['body', 'params'],
});
export const rejectAdjustmentCall = endpoint<typeof staffPlayersDefs.rejectAdjustmentCall>({
  method: 'POST',
  path: '/bo/adjustments/:id/reject',
  auth: 'staff:players.adjust',
  input: ['body', 'params'],
});
export const approveHeldWinCall = endpoint<typeof staffRiskDefs.approveHeldWinCall>({
  method: 'POST',
  path: '/bo/risk/held-wins/:id/approve',
  auth: 'staff:risk.write',
  input: ['body', 'params'],
});
export const declineHeldWinCall = endpoint<typeof staffRiskDefs.declineHeldWinCall>({
  method: 'POST',
  path: '/bo/risk/held-wins/:id/decline',
  auth: 'staff:risk.write',
  input: ['body', 'params'],
});
export const heldWinCountCall = endpoint<typeof staffRiskDefs.heldWinCountCall>({
  method: 'GET',
  path: '/bo/risk/held-wins/count',
  auth: 'staff:risk.read',
  input: ['query'],
});
export const heldWinsCall = endpoint<typeof staffRiskDefs.heldWinsCall>({
  method: 'GET',
  path: '/bo/risk/held-wins',
  auth: 'staff:risk.read',
  input: ['query'],
});
export const releaseHeldWinCall = endpoint<typeof staffRiskDefs.releaseHeldWinCall>({
  method: 'POST',
  path: '/bo/risk/held-wins/:id/release',
  auth: 'staff:risk.write',
  input: ['body', 'params'],
});
export const voidHeldWinCall = endpoint<typeof staffRiskDefs.voidHeldWinCall>({
  method: 'POST',
  path: '/bo/risk/held-wins/:id/void',
  auth: 'staff:risk.write',
  input: ['body', 'params'],
});
export const auditLogCall = endpoint<typeof staffDefs.auditLogCall>({
  method: 'GET',
  path: '/bo/audit',
  auth: 'staff:audit.read',
  input: ['query'],
});
export const staffLoginCall = endpoint<typeof staffDefs.staffLoginCall>({
  method: 'POST',
  path: '/bo/session/login',
  auth: 'none',
  input: ['body'],
});
export const staffLogoutCall = endpoint<typeof staffDefs.staffLogoutCall>({
  method: 'POST',
  path: '/bo/session/logout',
  auth: 'staff:session',
  input: [],
});
export const staffMeCall = endpoint<typeof staffDefs.staffMeCall>({
  method: 'GET',
  path: '/bo/me',
  auth: 'staff:session',
  input: [],
});
export const staffRevokeSessionCall = endpoint<typeof staffDefs.staffRevokeSessionCall>({
  method: 'POST',
  path: '/bo/sessions/:id/revoke',
  auth: 'staff:session',
  input: ['params'],
});
export const staffSessionsCall = endpoint<typeof staffDefs.staffSessionsCall>({
  method: 'GET',
  path: '/bo/sessions',
  auth: 'staff:session',
  input: [],
});
export const staffSetupConfirmCall = endpoint<typeof staffDefs.staffSetupConfirmCall>({
  method: 'POST',
  path: '/bo/setup/confirm',
  auth: 'none',
  input: ['body'],
});
export const staffSetupPasswordCall = endpoint<typeof staffDefs.staffSetupPasswordCall>({
  method: 'POST',
  path: '/bo/setup/password',
  auth: 'none',
  input: ['body'],
});
export const staffVerifyCall = endpoint<typeof staffDefs.staffVerifyCall>({
  method: 'POST',
  path: '/bo/session/verify',
  auth: 'none',
  input: ['body'],
});
export const bannersCall = endpoint<typeof systemDefs.bannersCall>({
  method: 'GET',
  path: '/wps/system/banners',
  auth: 'none',
  input: ['query'],
});
export const customerServiceCall = endpoint<typeof systemDefs.customerServiceCall>({
  method: 'GET',
  path: '/wps/system/customerService',
  auth: 'none',
  input: ['query'],
});
export const domainRouteCall = endpoint<typeof systemDefs.domainRouteCall>({
  method: 'GET',
  path: '/wps/system/domainRoute',
  auth: 'none',
  input: ['query'],
});
export const helpCenterCall = endpoint<typeof systemDefs.helpCenterCall>({
  method: 'GET',
  path: '/wps/system/helpCenter',
  auth: 'none',
  input: ['query'],
});
export const noticesCall = endpoint<typeof systemDefs.noticesCall>({
  method: 'GET',
  path: '/wps/announcement',
  auth: 'none',
  input: ['query'],
});
export const registerSettingsCall = endpoint<typeof systemDefs.registerSettingsCall>({
  method: 'GET',
  path: '/wps/system/setting/register',
  auth: 'none',
  input: ['query'],
});
export const resourcesCall = endpoint<typeof systemDefs.resourcesCall>({
  method: 'GET',
  path: '/wps/system/resources',
  auth: 'none',
  input: ['query'],
});
export const systemStatusCall = endpoint<typeof systemDefs.systemStatusCall>({
  method: 'GET',
  path: '/wps/system/status',
  auth: 'none',
  input: ['query'],
});
export const whitelabelCall = endpoint<typeof systemDefs.whitelabelCall>({
  method: 'GET',
  path: '/wps/system/whitelabel',
  auth: 'none',
  input: ['query'],
});
export const resetPasswordByPhoneCall = endpoint<typeof verificationDefs.resetPasswordByPhoneCall>({
  method: 'POST',
  path: '/wps/member/password/verification',
  auth: 'none',
  input: ['body'],
  sealed: true,
});
export const sendRegisterSmsCodeCall = endpoint<typeof verificationDefs.sendRegisterSmsCodeCall>({
  method: 'POST',
  path: '/wps/verification/sms/register',
  auth: 'none',
  input: ['body'],
});
export const sendSmsCodeCall = endpoint<typeof verificationDefs.sendSmsCodeCall>({
  method: 'POST',
  path: '/wps/verification/sms/noLogin',
  auth: 'none',
  input: ['body'],
});
export const consolidatedFundsCall = endpoint<typeof walletDefs.consolidatedFundsCall>({
  method: 'GET',
  path: '/wps/member/info/funds/consolidated',
  auth: 'member',
  input: [],
});
export const merchantWalletCall = endpoint<typeof walletDefs.merchantWalletCall>({
  method: 'GET',
  path: '/wps/relay/GCS_merchantWallet',
  auth: 'member',
  input: [],
});
export const walletBalanceCall = endpoint<typeof walletDefs.walletBalanceCall>({
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  auth: 'member',
  input: [],
});
export const walletTransferCall = endpoint<typeof walletDefs.walletTransferCall>({
  method: 'POST',
  path: '/wps/relay/GCS_walletTransfer',
  auth: 'member:real',
  input: [],
});
