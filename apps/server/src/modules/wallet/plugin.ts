import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressRoutes } from '../address/routes.ts';
import { bankRoutes } from '../bank/routes.ts';
import { demoFundsRoutes } from '../demo/routes.ts';
import { depositOperatorRoutes } from '../deposit/operator.ts';
import { depositRoutes } from '../deposit/routes.ts';
import { kycOperatorRoutes } from '../kyc/operator.ts';
import { kycRoutes } from '../kyc/routes.ts';
import { securityRoutes } from '../security/routes.ts';
import { protectionRoutes } from '../security/protection-routes.ts';
import { uploadRoutes } from '../upload/routes.ts';
import { withdrawOperatorRoutes } from '../withdraw/operator.ts';
import { withdrawRoutes } from '../withdraw/routes.ts';
import { exchangeRoutes } from './exchange.ts';
import { recordRoutes } from './records-routes.ts';
import { walletRoutes } from './routes.ts';

/** Identity and money: uploads, KYC, fund password, wallet (demo funds in demo mode), deposits,
 * withdrawals, addresses, bank cards, and their review queues (and coins' settings) under /admin.
 * Under /api (app.ts). */
export const identityAndMoney: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadRoutes);
  await app.register(kycRoutes);
  await app.register(securityRoutes);
  await app.register(protectionRoutes);
  await app.register(walletRoutes);
  await app.register(recordRoutes);
  if (app.config.mode === 'demo') await app.register(demoFundsRoutes);
  await app.register(exchangeRoutes);
  await app.register(depositRoutes);
  await app.register(withdrawRoutes);
  await app.register(addressRoutes);
  await app.register(bankRoutes);
  await app.register(kycOperatorRoutes, { prefix: '/admin' });
  await app.register(depositOperatorRoutes, { prefix: '/admin' }); // and coins, coin networks
  await app.register(withdrawOperatorRoutes, { prefix: '/admin' }); // with four eyes
};
