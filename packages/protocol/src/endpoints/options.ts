import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import {
  optionCurrency,
  optionDetailQuery,
  optionInfo,
  optionList,
  optionListQuery,
  optionOrder,
  optionPeriod,
  optionSubmitBody,
  optionSubmitResult,
} from '../options.ts';
import { optionsRoutes } from '../routes/options.ts';

export const optionsEndpoints = defineEndpoints('options', optionsRoutes, {
  optionsInfo: {
    summary: 'Symbols with their last recorded price, periods, payable coins, KYC standing',
    response: optionInfo,
  },
  optionsPeriods: {
    summary: 'Periods offered: seconds, payout rate of a win, minimum stake',
    response: z.array(optionPeriod),
  },
  optionsCurrencies: {
    summary: 'Coins options are staked in, with the options-account balance',
    response: z.array(optionCurrency),
  },
  optionsSubmit: {
    summary: 'Buy a call, put or even option at the last recorded price (stake frozen)',
    body: optionSubmitBody,
    response: optionSubmitResult,
  },
  optionsOrders: {
    summary: 'The caller’s option orders, open or settled, newest first',
    query: optionListQuery,
    response: optionList,
  },
  optionsOrder: {
    summary: 'One option order with the prices and times it opened and settled on',
    query: optionDetailQuery,
    response: optionOrder,
  },
});
