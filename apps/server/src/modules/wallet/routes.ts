import {
  consolidatedFundsCall,
  fromMinor,
  merchantWalletCall,
  walletBalanceCall,
  walletTransferCall,
} from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { brandOf, brandStore } from '../../platform/brand';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/route';
import { onBalance } from './events';
import * as service from './service';

export async function walletRoutes(app: FastifyInstance) {
  // Every committed balance change goes to the member's open sockets (the header updates live).
  const off = onBalance(app.db, async (c) => {
    try {
      const brand = await brandStore(app.db).byId(c.brandId);
      const sumBalance = fromMinor(c.balance, brand.info.currencyDecimals);
      app.realtime.toMember(c.memberId, { type: 'balance', sumBalance, currency: c.currency });
    } catch (err) {
      app.log.warn({ err }, 'wallet: balance push failed');
    }
  });
  app.addHook('onClose', async () => off());

  route(app, walletBalanceCall, async (req) => service.balance(app.db, req.member, (await brandOf(req)).info));

  route(app, merchantWalletCall, () => ({ isSingle: true }));

  route(app, consolidatedFundsCall, async (req) => service.consolidated(app.db, req.member, (await brandOf(req)).info));

  route(app, walletTransferCall, () => {
    // Every brand runs a single wallet today (the merchant-wallet call answers isSingle): every
    // game plays from the one balance, so there is nothing to move between.
    throw new AppError('SINGLE_WALLET');
  });
}
