import { defineCall } from './call';
import { LOCALES, PROMOTION_CATEGORIES, PROMOTION_PAGE_SIZE } from './constants';
import { LanguageQuery } from './system';
import { z } from './zod';

/** One promotion as the site shows it, in the language asked for (spec §3 'Promotion'). */
export const Promotion = z.object({
  id: z.number().int(),
  category: z.enum(PROMOTION_CATEGORIES),
  title: z.string(),
  /** HTML written by the operator; the site sanitises it before showing it. */
  body: z.string(),
  imageUrl: z.string(),
  /** ISO 8601 (UTC); endTime null means open-ended. */
  startTime: z.string(),
  endTime: z.string().nullable(),
});
export type Promotion = z.infer<typeof Promotion>;

/** Query and path numbers arrive as text: only digits (no sign, point or exponent), then the range. */
const whole = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** `GET /wps/promotion/list`: running promotions of a category ('all' or none: every category), paged from 1. */
export const PromotionListQuery = z
  .object({
    category: z.enum(['all', ...PROMOTION_CATEGORIES]).optional(),
    language: z.enum(LOCALES).optional(),
    pageNo: whole(1, 100_000).default(1),
    pageSize: whole(1, 100).default(PROMOTION_PAGE_SIZE),
  })
  .strict();
export type PromotionListQuery = z.input<typeof PromotionListQuery>;

export const PromotionList = z.object({
  list: z.array(Promotion),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type PromotionList = z.infer<typeof PromotionList>;

/** `GET /wps/promotion/{id}`: a running promotion; unknown, disabled or outside its window is a 404. */
export const PromotionParams = z.object({ id: whole(1, 2_147_483_647) }).strict();

/*
 * Promotions (spec §2 'Registration form', §3 'Promotion'). The spec shows no paths; these
 * follow its /wps/<noun>/… style. Brand content: the same for every visitor of a host.
 */
export const promotionListCall = defineCall({
  method: 'GET',
  path: '/wps/promotion/list',
  auth: 'none',
  tag: 'promotions',
  summary: 'Running promotions of a category (new_player for the registration carousel), paged from 1',
  query: PromotionListQuery,
  response: PromotionList,
  cache: 'revalidate',
});

export const promotionCall = defineCall({
  method: 'GET',
  path: '/wps/promotion/:id',
  auth: 'none',
  tag: 'promotions',
  summary: 'One running promotion; NOT_FOUND when unknown, disabled or outside its time window',
  query: LanguageQuery,
  params: PromotionParams,
  response: Promotion,
  cache: 'revalidate',
});
