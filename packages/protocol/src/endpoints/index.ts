import type { EndpointName } from '../routes/index.ts';
import { mergeTables, type Endpoint, type UnionToIntersection } from '../endpoint.ts';
import { spotEndpoints } from './spot.ts';
import { operatorEndpoints } from './operator.ts';
import { operatorContentEndpoints } from './operator-content.ts';
import { operatorReviewEndpoints } from './operator-review.ts';
import { operatorSettingsEndpoints } from './operator-settings.ts';
import { addressEndpoints } from './address.ts';
import { bankEndpoints } from './bank.ts';
import { depositEndpoints } from './deposit.ts';
import { financeEndpoints } from './finance.ts';
import { savingsEndpoints, savingsOperatorEndpoints } from './savings.ts';
import { botEndpoints, botOperatorEndpoints } from './bots.ts';
import { porOperatorEndpoints, porEndpoints } from './por.ts';
import { monitoringEndpoints } from './monitoring.ts';
import { makerOperatorEndpoints } from './maker.ts';
import { referralEndpoints } from './referral.ts';
import { subscriptionEndpoints } from './subscription.ts';
import { walletEndpoints } from './wallet.ts';
import { withdrawEndpoints } from './withdraw.ts';
import { chatEndpoints, operatorChatEndpoints } from './chat.ts';
import { configEndpoints } from './config.ts';
import { contentEndpoints } from './content.ts';
import { leverEndpoints } from './lever.ts';
import { marketEndpoints } from './market.ts';
import { indexEndpoints, indexOperatorEndpoints } from './price-index.ts';
import { optionsEndpoints } from './options.ts';
import { authEndpoints } from './auth.ts';
import { userEndpoints } from './user.ts';
import { twoFactorEndpoints } from './two-factor.ts';
import { passkeyEndpoints } from './passkey.ts';
import { securityEndpoints } from './security.ts';
import { deviceEndpoints } from './device.ts';
import { apiKeyEndpoints } from './api-key.ts';
import { kycEndpoints } from './kyc.ts';
import { uploadEndpoints } from './upload.ts';
import { pushEndpoints } from './push.ts';
import { notificationEndpoints } from './notification.ts';
import { alertEndpoints } from './alert.ts';
import { demoEndpoints } from './demo.ts';
import { demoFundsEndpoints } from './demo-funds.ts';

const tables = [
  spotEndpoints,
  operatorEndpoints,
  operatorReviewEndpoints,
  operatorSettingsEndpoints,
  operatorContentEndpoints,
  walletEndpoints,
  depositEndpoints,
  withdrawEndpoints,
  addressEndpoints,
  bankEndpoints,
  referralEndpoints,
  porEndpoints,
  porOperatorEndpoints,
  monitoringEndpoints,
  financeEndpoints,
  savingsEndpoints,
  savingsOperatorEndpoints,
  botEndpoints,
  botOperatorEndpoints,
  makerOperatorEndpoints,
  subscriptionEndpoints,
  marketEndpoints,
  indexEndpoints,
  indexOperatorEndpoints,
  optionsEndpoints,
  leverEndpoints,
  configEndpoints,
  contentEndpoints,
  chatEndpoints,
  operatorChatEndpoints,
  authEndpoints,
  userEndpoints,
  twoFactorEndpoints,
  passkeyEndpoints,
  securityEndpoints,
  deviceEndpoints,
  apiKeyEndpoints,
  kycEndpoints,
  uploadEndpoints,
  pushEndpoints,
  notificationEndpoints,
  alertEndpoints,
  demoEndpoints,
  demoFundsEndpoints,
] as const;

/** The endpoint table: every route with its schemas, by readable name. */
export const endpoints = mergeTables<Record<string, Endpoint>>(
  [tables],
  (e) => `${e.method} ${e.path}`,
) as UnionToIntersection<(typeof tables)[number]>;
export type Endpoints = typeof endpoints;

// Every route has its schemas, and nothing else is in the table.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const complete: Same<keyof Endpoints, EndpointName> = true;
void complete;
