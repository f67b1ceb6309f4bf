import {
  addPayoutAccountCall,
  paymentPasswordCall,
  payoutAccountsCall,
  removePayoutAccountCall,
  uplineTransferCall,
  uplineTransfersCall,
} from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { brandOf } from '../../platform/brand';
import { clientIp } from '../../platform/client-ip';
import { perAddressPerMinute } from '../../platform/rate-limit';
import { route } from '../../platform/route';
import { openSealedBody } from '../../platform/sealed-body';
import { setPaymentPassword } from './payment-password';
import { addPayoutAccount, listPayoutAccounts, removePayoutAccount } from './payout-accounts';
import { listTransfers, sendTransfer } from './transfers';
import { readerLanguage } from './views';

/** The payment password, payout accounts and upline transfers (CASHIER.md). */
export async function cashierSecurityRoutes(app: FastifyInstance) {
  const ip = (req: Parameters<typeof clientIp>[0]) => clientIp(req, app.config.TRUSTED_PROXY_HEADER);
  // Each of these tries the payment password: the login's per-address limit, and a sealed body.
  const guessing = {
    config: perAddressPerMinute(app.config, app.config.LOGIN_RATE_PER_MINUTE),
    preValidation: openSealedBody,
  };

  route(app, paymentPasswordCall, (req) => setPaymentPassword(app.db, req.member, req.body, ip(req)), guessing);

  route(app, payoutAccountsCall, async (req) =>
    listPayoutAccounts(app.db, await brandOf(req), req.member.id, readerLanguage(req)),
  );

  route(
    app,
    addPayoutAccountCall,
    async (req) =>
      addPayoutAccount(app.db, await brandOf(req), req.member, req.body, { lang: readerLanguage(req), ip: ip(req) }),
    guessing,
  );

  route(app, removePayoutAccountCall, (req) => removePayoutAccount(app.db, req.member, BigInt(req.params.id), ip(req)));

  route(app, uplineTransfersCall, async (req) => listTransfers(app.db, await brandOf(req), req.member));

  route(
    app,
    uplineTransferCall,
    async (req) => sendTransfer(app.db, await brandOf(req), req.member, req.body),
    guessing,
  );
}
