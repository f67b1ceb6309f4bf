import {
  catalogGameCreateCall,
  catalogGamesCall,
  catalogGameUpdateCall,
  catalogInhouseCall,
  catalogRotateSecretCall,
  catalogVendorCreateCall,
  catalogVendorsCall,
  catalogVendorUpdateCall,
} from '@khela/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientIp } from '../../platform/client-ip';
import { route } from '../../platform/route';
import type { StaffCaller } from '../staff/sessions';
import * as desk from './service';

/**
 * The Catalog desk under /bo/catalog (decision 0039): catalog.read to see, catalog.write to save
 * and to rotate a provider secret, both proven before anything here runs.
 */
export async function catalogDeskRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const deskOf = (req: FastifyRequest & { caller: StaffCaller }): desk.Desk => ({
    db,
    config,
    staff: req.caller,
    ip: clientIp(req, config.TRUSTED_PROXY_HEADER),
  });

  route(app, catalogVendorsCall, (req) => desk.listVendors(deskOf(req)));
  route(app, catalogVendorUpdateCall, (req) => desk.updateVendor(deskOf(req), req.params.id, req.body));
  route(app, catalogRotateSecretCall, (req) => desk.rotateSecret(deskOf(req), req.params.id, req.body));
  route(app, catalogGamesCall, (req) => desk.listGames(deskOf(req), req.query));
  route(app, catalogGameUpdateCall, (req) => desk.updateGame(deskOf(req), req.params.id, req.body));
  route(app, catalogVendorCreateCall, (req) => desk.createVendor(deskOf(req), req.body));
  route(app, catalogGameCreateCall, (req) => desk.createGame(deskOf(req), req.body));
  route(app, catalogInhouseCall, (req) => desk.addInhouse(deskOf(req), req.body));
}
