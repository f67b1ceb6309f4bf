// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as staffContentDefs from '../staff-content';

export const contentAnnouncementCreateCall = /* @__PURE__ */ endpoint<
  typeof staffContentDefs.contentAnnouncementCreateCall
>({ method: 'POST', path: '/bo/content/announcements', auth: 'staff:content.write', input: ['body'] });
export const contentAnnouncementDeleteCall = /* @__PURE__ */ endpoint<
  typeof staffContentDefs.contentAnnouncementDeleteCall
>({
  method: 'POST',
  path: '/bo/content/announcements/:id/delete',
  auth: 'staff:content.write',
  input: ['body', 'params'],
});
export const contentAnnouncementUpdateCall = /* @__PURE__ */ endpoint<
  typeof staffContentDefs.contentAnnouncementUpdateCall
>({ method: 'PUT', path: '/bo/content/announcements/:id', auth: 'staff:content.write', input: ['body', 'params'] });
export const contentAnnouncementsCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentAnnouncementsCall>({
  method: 'GET',
  path: '/bo/content/announcements',
  auth: 'staff:content.read',
  input: ['query'],
});
export const contentBannerCreateCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentBannerCreateCall>({
  method: 'POST',
  path: '/bo/content/banners',
  auth: 'staff:content.write',
  input: ['body'],
});
export const contentBannerDeleteCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentBannerDeleteCall>({
  method: 'POST',
  path: '/bo/content/banners/:id/delete',
  auth: 'staff:content.write',
  input: ['body', 'params'],
});
export const contentBannerOrderCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentBannerOrderCall>({
  method: 'POST',
  path: '/bo/content/banners/order',
  auth: 'staff:content.write',
  input: ['body'],
});
export const contentBannerUpdateCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentBannerUpdateCall>({
  method: 'PUT',
  path: '/bo/content/banners/:id',
  auth: 'staff:content.write',
  input: ['body', 'params'],
});
export const contentBannersCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentBannersCall>({
  method: 'GET',
  path: '/bo/content/banners',
  auth: 'staff:content.read',
  input: ['query'],
});
export const contentHelpCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentHelpCall>({
  method: 'GET',
  path: '/bo/content/help',
  auth: 'staff:content.read',
  input: ['query'],
});
export const contentHelpCreateCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentHelpCreateCall>({
  method: 'POST',
  path: '/bo/content/help',
  auth: 'staff:content.write',
  input: ['body'],
});
export const contentHelpDeleteCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentHelpDeleteCall>({
  method: 'POST',
  path: '/bo/content/help/:id/delete',
  auth: 'staff:content.write',
  input: ['body', 'params'],
});
export const contentHelpOrderCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentHelpOrderCall>({
  method: 'POST',
  path: '/bo/content/help/order',
  auth: 'staff:content.write',
  input: ['body'],
});
export const contentHelpUpdateCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentHelpUpdateCall>({
  method: 'PUT',
  path: '/bo/content/help/:id',
  auth: 'staff:content.write',
  input: ['body', 'params'],
});
export const contentPromotionCreateCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentPromotionCreateCall>({
  method: 'POST',
  path: '/bo/content/promotions',
  auth: 'staff:content.write',
  input: ['body'],
});
export const contentPromotionDeleteCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentPromotionDeleteCall>({
  method: 'POST',
  path: '/bo/content/promotions/:id/delete',
  auth: 'staff:content.write',
  input: ['body', 'params'],
});
export const contentPromotionOrderCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentPromotionOrderCall>({
  method: 'POST',
  path: '/bo/content/promotions/order',
  auth: 'staff:content.write',
  input: ['body'],
});
export const contentPromotionUpdateCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentPromotionUpdateCall>({
  method: 'PUT',
  path: '/bo/content/promotions/:id',
  auth: 'staff:content.write',
  input: ['body', 'params'],
});
export const contentPromotionsCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentPromotionsCall>({
  method: 'GET',
  path: '/bo/content/promotions',
  auth: 'staff:content.read',
  input: ['query'],
});
export const contentResourceCreateCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentResourceCreateCall>({
  method: 'POST',
  path: '/bo/content/resources',
  auth: 'staff:content.write',
  input: ['body'],
});
export const contentResourceDeleteCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentResourceDeleteCall>({
  method: 'POST',
  path: '/bo/content/resources/:id/delete',
  auth: 'staff:content.write',
  input: ['body', 'params'],
});
export const contentResourceUpdateCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentResourceUpdateCall>({
  method: 'PUT',
  path: '/bo/content/resources/:id',
  auth: 'staff:content.write',
  input: ['body', 'params'],
});
export const contentResourcesCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentResourcesCall>({
  method: 'GET',
  path: '/bo/content/resources',
  auth: 'staff:content.read',
  input: ['query'],
});
export const contentServiceCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentServiceCall>({
  method: 'GET',
  path: '/bo/content/service',
  auth: 'staff:content.read',
  input: ['query'],
});
export const contentServiceCreateCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentServiceCreateCall>({
  method: 'POST',
  path: '/bo/content/service',
  auth: 'staff:content.write',
  input: ['body'],
});
export const contentServiceDeleteCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentServiceDeleteCall>({
  method: 'POST',
  path: '/bo/content/service/:id/delete',
  auth: 'staff:content.write',
  input: ['body', 'params'],
});
export const contentServiceOrderCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentServiceOrderCall>({
  method: 'POST',
  path: '/bo/content/service/order',
  auth: 'staff:content.write',
  input: ['body'],
});
export const contentServiceUpdateCall = /* @__PURE__ */ endpoint<typeof staffContentDefs.contentServiceUpdateCall>({
  method: 'PUT',
  path: '/bo/content/service/:id',
  auth: 'staff:content.write',
  input: ['body', 'params'],
});
