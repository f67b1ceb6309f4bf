import * as c from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { route } from '../../platform/route';
import type { StaffCaller } from '../staff/sessions';
import { announcementKind, bannerKind, helpKind, promotionKind, serviceKind } from './kinds';
import * as desk from './service';

/**
 * The Content desk under /bo/content (decision 0039). The staff authenticator proves the session
 * and content.read / content.write before anything here runs, and binds the session to the
 * host's brand, so `brandOf` is the staff member's brand.
 */
export async function contentDeskRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const deskOf = async (req: FastifyRequest & { caller: StaffCaller }): Promise<desk.Desk> => ({
    db,
    staff: req.caller,
    ip: clientIp(req, config.TRUSTED_PROXY_HEADER),
    brand: { defaultLanguage: (await brandOf(req)).info.defaultLanguage },
  });

  route(app, c.contentBannersCall, async (req) => desk.listContent(await deskOf(req), bannerKind));
  route(app, c.contentBannerCreateCall, async (req) => desk.createContent(await deskOf(req), bannerKind, req.body));
  route(app, c.contentBannerUpdateCall, async (req) =>
    desk.updateContent(await deskOf(req), bannerKind, req.params.id, req.body),
  );
  route(app, c.contentBannerDeleteCall, async (req) =>
    desk.deleteContent(await deskOf(req), bannerKind, req.params.id, req.body),
  );
  route(app, c.contentBannerOrderCall, async (req) => desk.orderContent(await deskOf(req), bannerKind, req.body));

  route(app, c.contentAnnouncementsCall, async (req) => desk.listContent(await deskOf(req), announcementKind));
  route(app, c.contentAnnouncementCreateCall, async (req) =>
    desk.createContent(await deskOf(req), announcementKind, req.body),
  );
  route(app, c.contentAnnouncementUpdateCall, async (req) =>
    desk.updateContent(await deskOf(req), announcementKind, req.params.id, req.body),
  );
  route(app, c.contentAnnouncementDeleteCall, async (req) =>
    desk.deleteContent(await deskOf(req), announcementKind, req.params.id, req.body),
  );

  route(app, c.contentPromotionsCall, async (req) => desk.listContent(await deskOf(req), promotionKind));
  route(app, c.contentPromotionCreateCall, async (req) =>
    desk.createContent(await deskOf(req), promotionKind, req.body),
  );
  route(app, c.contentPromotionUpdateCall, async (req) =>
    desk.updateContent(await deskOf(req), promotionKind, req.params.id, req.body),
  );
  route(app, c.contentPromotionDeleteCall, async (req) =>
    desk.deleteContent(await deskOf(req), promotionKind, req.params.id, req.body),
  );
  route(app, c.contentPromotionOrderCall, async (req) => desk.orderContent(await deskOf(req), promotionKind, req.body));

  route(app, c.contentHelpCall, async (req) => desk.listContent(await deskOf(req), helpKind));
  route(app, c.contentHelpCreateCall, async (req) => desk.createContent(await deskOf(req), helpKind, req.body));
  route(app, c.contentHelpUpdateCall, async (req) =>
    desk.updateContent(await deskOf(req), helpKind, req.params.id, req.body),
  );
  route(app, c.contentHelpDeleteCall, async (req) =>
    desk.deleteContent(await deskOf(req), helpKind, req.params.id, req.body),
  );
  route(app, c.contentHelpOrderCall, async (req) => desk.orderContent(await deskOf(req), helpKind, req.body));

  route(app, c.contentServiceCall, async (req) => desk.listContent(await deskOf(req), serviceKind));
  route(app, c.contentServiceCreateCall, async (req) => desk.createContent(await deskOf(req), serviceKind, req.body));
  route(app, c.contentServiceUpdateCall, async (req) =>
    desk.updateContent(await deskOf(req), serviceKind, req.params.id, req.body),
  );
  route(app, c.contentServiceDeleteCall, async (req) =>
    desk.deleteContent(await deskOf(req), serviceKind, req.params.id, req.body),
  );
  route(app, c.contentServiceOrderCall, async (req) => desk.orderContent(await deskOf(req), serviceKind, req.body));

  route(app, c.contentResourcesCall, async (req) => desk.listResources(await deskOf(req)));
  route(app, c.contentResourceCreateCall, async (req) => desk.createResource(await deskOf(req), req.body));
  route(app, c.contentResourceUpdateCall, async (req) =>
    desk.updateResource(await deskOf(req), req.params.id, req.body),
  );
  route(app, c.contentResourceDeleteCall, async (req) =>
    desk.deleteResource(await deskOf(req), req.params.id, req.body),
  );
}
