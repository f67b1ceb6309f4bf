import { LanguageQuery, Promotion, PromotionList, PromotionListQuery, PromotionParams } from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { brandRead } from '../../platform/brand-read';
import * as service from './service';

/**
 * Promotions (spec §2 'Registration form', §3 'Promotion'). The spec shows no paths; these follow
 * its /wps/<noun>/… style.
 */
export async function promotionRoutes(app: FastifyInstance) {
  const tags = ['promotions'];
  brandRead(app, '/wps/promotion/list', {
    tags,
    summary: 'Running promotions of a category (new_player for the registration carousel), paged from 1',
    query: PromotionListQuery,
    value: PromotionList,
    load: (brand, q) => service.promotionList(app.db, brand, q, new Date()),
  });
  brandRead(app, '/wps/promotion/:id', {
    tags,
    summary: 'One running promotion; NOT_FOUND when unknown, disabled or outside its time window',
    query: LanguageQuery,
    params: PromotionParams,
    value: Promotion,
    load: (brand, q, p) => service.promotionById(app.db, brand, p.id, q.language, new Date()),
  });
}
