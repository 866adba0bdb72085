import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { operatorSettingsRoutes } from '../routes/operator-settings.ts';
import { idParams } from '../admin.ts';
import { fourEyesBody, fourEyesSetting } from '../admin-security.ts';
import { pendingField } from '../console.ts';
import { chainStatus } from '../chain.ts';
import { coinNetworkParams, configCoinNetwork, configCoinNetworkBody } from '../coin-networks.ts';
import {
  configCoin,
  configCoinBody,
  configFinanceProduct,
  configFinanceProductBody,
  configLeverPair,
  configLeverPairBody,
  configOptionPeriod,
  configOptionPeriodBody,
  configOptionPeriodCreate,
  configSpotPair,
  configSpotPairBody,
  secondsParams,
  symbolParams,
} from '../console-config.ts';
import { configProject, configProjectBody, configProjectCreate } from '../console-projects.ts';

export const operatorSettingsEndpoints = defineEndpoints('operator', operatorSettingsRoutes, {
  operatorCoins: {
    summary: 'Coins: networks, deposit address source, minimums and fees',
    response: z.array(configCoin),
  },
  operatorCoinUpdate: {
    summary: "Edit a coin's networks, minimums and withdrawal fee (decimals never change)",
    params: idParams,
    body: configCoinBody,
    response: configCoin,
  },
  operatorCoinNetworks: {
    summary:
      "A coin's networks: deposit address or xpub and where it comes from (table, env, demo, none), open or suspended, withdrawal limits",
    params: idParams,
    response: z.array(configCoinNetwork),
  },
  operatorCoinNetworkUpdate: {
    summary:
      "Set one network's deposit address or xpub (both null: the environment decides), open or suspend it, and its withdrawal limits; applies at once",
    params: coinNetworkParams,
    body: configCoinNetworkBody,
    response: configCoinNetwork,
  },
  operatorSpotPairs: {
    summary: 'Spot pairs: tick, step, fees, enabled; with their open orders',
    response: z.array(configSpotPair),
  },
  operatorSpotPairUpdate: {
    summary: 'Edit a spot pair (tick and step only while it has no open orders: PAIR_HAS_ORDERS)',
    params: symbolParams,
    body: configSpotPairBody,
    response: configSpotPair,
  },
  operatorLeverPairs: {
    summary: 'Contract pairs: lot size, multiples, spread, fee, maintenance ratio',
    response: z.array(configLeverPair),
  },
  operatorLeverPairUpdate: {
    summary: 'Edit a contract pair (open positions keep the terms they opened with)',
    params: symbolParams,
    body: configLeverPairBody,
    response: configLeverPair,
  },
  operatorOptionPeriods: {
    summary: 'Option periods: seconds, payout rate, minimum stake',
    response: z.array(configOptionPeriod),
  },
  operatorOptionPeriodCreate: {
    summary: 'Add an option period',
    body: configOptionPeriodCreate,
    response: configOptionPeriod,
  },
  operatorOptionPeriodUpdate: {
    summary: 'Edit an option period (orders keep the payout they were bought with)',
    params: secondsParams,
    body: configOptionPeriodBody,
    response: configOptionPeriod,
  },
  operatorFinanceProducts: {
    summary: 'Financial products',
    response: z.array(configFinanceProduct),
  },
  operatorFinanceProductCreate: {
    summary: 'Add a financial product',
    body: configFinanceProductBody,
    response: configFinanceProduct,
  },
  operatorFinanceProductUpdate: {
    summary: 'Edit a financial product (orders keep the terms they were bought with)',
    params: idParams,
    body: configFinanceProductBody,
    response: configFinanceProduct,
  },
  operatorSubscriptionProjects: {
    summary: 'Subscription projects with their subscription counts',
    response: z.array(configProject),
  },
  operatorSubscriptionProjectCreate: {
    summary:
      "Add a project and its token: a new coin (ids from 100), or an existing coin of that name that is not a base coin nor another project's token",
    body: configProjectCreate,
    response: configProject,
  },
  operatorSubscriptionProjectUpdate: {
    summary:
      'Edit a project: price and pay coins are fixed once anyone subscribed; nothing after allocation',
    params: idParams,
    body: configProjectBody,
    response: configProject,
  },
  operatorFourEyes: {
    summary: 'Withdrawals worth more than this (USDT) need two different operators to pass',
    response: fourEyesSetting,
  },
  operatorFourEyesUpdate: {
    summary:
      'Change the four-eyes threshold (USDT, 0 to 1,000,000,000; 0: every withdrawal): lowering it applies at once, raising it waits for a second admin (`pending`, the threshold unchanged)',
    body: fourEyesBody,
    response: fourEyesSetting.extend(pendingField),
  },

  operatorChain: {
    summary:
      'Per watched network: the watcher’s height and lag, the hot wallet’s balances (low ones flagged), deposits and payouts in flight',
    response: chainStatus,
  },
});
