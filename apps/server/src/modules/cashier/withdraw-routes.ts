import {
  cashierRequestsCall,
  withdrawCall,
  withdrawCancelCall,
  withdrawConfirmCall,
  withdrawSummaryCall,
} from '@khela/contract';
import type { FastifyInstance } from 'fastify';
import { brandOf } from '../../platform/brand';
import { route } from '../../platform/route';
import { openSealedBody } from '../../platform/sealed-body';
import { listRequests } from './requests';
import { readerLanguage } from './views';
import { cancelWithdrawal, confirmWithdrawal, requestWithdrawal, withdrawSummary } from './withdraw';

/** The player's withdrawal calls and the list of their cashier requests (CASHIER.md "Withdrawal"). */
export async function withdrawRoutes(app: FastifyInstance) {
  route(app, withdrawSummaryCall, async (req) => withdrawSummary(app.db, await brandOf(req), req.member));

  route(
    app,
    withdrawCall,
    async (req) => requestWithdrawal(app.db, await brandOf(req), req.member, req.body, readerLanguage(req)),
    { preValidation: openSealedBody },
  );

  route(app, withdrawCancelCall, async (req) =>
    cancelWithdrawal(app.db, await brandOf(req), req.member, BigInt(req.params.id), readerLanguage(req)),
  );

  route(app, withdrawConfirmCall, async (req) =>
    confirmWithdrawal(app.db, await brandOf(req), req.member, BigInt(req.params.id), req.body, readerLanguage(req)),
  );

  route(app, cashierRequestsCall, async (req) =>
    listRequests(app.db, await brandOf(req), req.member.id, req.query, readerLanguage(req)),
  );
}
