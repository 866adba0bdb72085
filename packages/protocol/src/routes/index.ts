import { mergeTables, type Route, type UnionToIntersection } from '../endpoint.ts';
import { spotRoutes } from './spot.ts';
import { operatorRoutes } from './operator.ts';
import { operatorContentRoutes } from './operator-content.ts';
import { operatorReviewRoutes } from './operator-review.ts';
import { operatorSettingsRoutes } from './operator-settings.ts';
import { addressRoutes } from './address.ts';
import { bankRoutes } from './bank.ts';
import { depositRoutes } from './deposit.ts';
import { financeRoutes } from './finance.ts';
import { savingsOperatorRoutes, savingsRoutes } from './savings.ts';
import { botOperatorRoutes, botRoutes } from './bots.ts';
import { porOperatorRoutes, porRoutes } from './por.ts';
import { monitoringRoutes } from './monitoring.ts';
import { makerOperatorRoutes } from './maker.ts';
import { referralRoutes } from './referral.ts';
import { subscriptionRoutes } from './subscription.ts';
import { walletRoutes } from './wallet.ts';
import { withdrawRoutes } from './withdraw.ts';
import { chatRoutes, operatorChatRoutes } from './chat.ts';
import { configRoutes } from './config.ts';
import { contentRoutes } from './content.ts';
import { leverRoutes } from './lever.ts';
import { marketRoutes } from './market.ts';
import { indexOperatorRoutes, indexRoutes } from './price-index.ts';
import { optionsRoutes } from './options.ts';
import { authRoutes } from './auth.ts';
import { userRoutes } from './user.ts';
import { twoFactorRoutes } from './two-factor.ts';
import { passkeyRoutes } from './passkey.ts';
import { securityRoutes } from './security.ts';
import { deviceRoutes } from './device.ts';
import { apiKeyRoutes } from './api-key.ts';
import { kycRoutes } from './kyc.ts';
import { uploadRoutes } from './upload.ts';
import { pushRoutes } from './push.ts';
import { notificationRoutes } from './notification.ts';
import { alertRoutes } from './alert.ts';
import { demoRoutes } from './demo.ts';
import { demoFundsRoutes } from './demo-funds.ts';

/** The app's endpoints. */
const appTables = [
  spotRoutes,
  walletRoutes,
  depositRoutes,
  withdrawRoutes,
  addressRoutes,
  bankRoutes,
  referralRoutes,
  porRoutes,
  financeRoutes,
  savingsRoutes,
  botRoutes,
  subscriptionRoutes,
  marketRoutes,
  indexRoutes,
  optionsRoutes,
  leverRoutes,
  configRoutes,
  contentRoutes,
  chatRoutes,
  authRoutes,
  userRoutes,
  twoFactorRoutes,
  passkeyRoutes,
  securityRoutes,
  deviceRoutes,
  apiKeyRoutes,
  kycRoutes,
  uploadRoutes,
  pushRoutes,
  notificationRoutes,
  alertRoutes,
  demoRoutes,
  demoFundsRoutes,
] as const;

/** The operator console's endpoints, all under /admin. */
const consoleTables = [
  operatorRoutes,
  operatorReviewRoutes,
  operatorSettingsRoutes,
  operatorContentRoutes,
  porOperatorRoutes,
  operatorChatRoutes,
  monitoringRoutes,
  savingsOperatorRoutes,
  botOperatorRoutes,
  makerOperatorRoutes,
  indexOperatorRoutes,
] as const;

/**
 * The app's endpoints: readable name → `METHOD /path` (below `/api`), without schemas: what the
 * app's client loads at run time (the console's routes stay out of the app's bundle). The schemas
 * are in `../endpoints/`, under the same names.
 */
export const appRoutes = mergeTables<Record<string, Route>>(
  [appTables],
  (route) => route,
) as UnionToIntersection<(typeof appTables)[number]>;
export type AppEndpointName = keyof typeof appRoutes;
/** The app's first request reads its route alone, without the whole table (config.ts). */
export { configRoutes } from './config.ts';

/** Every endpoint, the console's too: what the console's client and the server use. */
// Pure: the app, which reads only `appRoutes`, leaves the console's routes out of its bundle.
export const routes = /* @__PURE__ */ mergeTables<Record<string, Route>>(
  [appTables, consoleTables],
  (route) => route,
) as UnionToIntersection<(typeof appTables | typeof consoleTables)[number]>;
export type EndpointName = keyof typeof routes;
