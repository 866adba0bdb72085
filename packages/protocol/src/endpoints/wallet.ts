import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { exchangeBody, exchangeQuote, exchangeResult } from '../exchange.ts';
import { optionalId, pageFields, pageOf } from '../fields.ts';
import { recordDetail, recordItem, recordQuery, recordsQuery } from '../records.ts';
import { walletRoutes } from '../routes/wallet.ts';
import {
  legalLogBody,
  postingItem,
  transferBody,
  transferItem,
  walletDetail,
  walletDetailBody,
  walletList,
} from '../wallet.ts';

export const walletEndpoints = defineEndpoints('wallet', walletRoutes, {
  walletList: {
    summary: 'Balances of every coin in every sub-account, with USDT values',
    response: walletList,
  },
  walletDetail: {
    summary: "One coin: deposit and withdrawal settings and the user's balances",
    body: walletDetailBody,
    response: walletDetail,
  },
  walletTransfer: {
    summary: 'Transfer between sub-accounts (currency, options, contract, trust), instantly',
    body: transferBody,
    response: z.object({}),
  },
  walletTransfers: {
    summary: 'Transfer records, newest first',
    query: z.object({ ...pageFields, currency_id: optionalId('CURRENCY_INVALID') }),
    response: pageOf(transferItem),
  },
  walletPostings: {
    summary: 'Asset records: every posting on your accounts, newest first; `type` filters',
    body: legalLogBody,
    response: pageOf(postingItem),
  },
  walletExchangeQuote: {
    summary: 'What a conversion would give now, at the last recorded prices',
    body: exchangeBody,
    response: exchangeQuote,
  },
  walletExchange: {
    summary: 'Convert between coins in the currency account at the last recorded prices',
    body: exchangeBody,
    response: exchangeResult,
  },
  walletRecords: {
    summary:
      'Asset records, one per action (deposit, withdrawal, transfer, conversion, trade, ' +
      'earning; fees apart), newest first. `type`: all, deposit, withdraw, transfer, trade, ' +
      'earn, fee',
    query: recordsQuery,
    response: pageOf(recordItem),
  },
  walletRecord: {
    summary: 'One asset record in full (`kind` and `id` from the list); NOT_FOUND unless yours',
    query: recordQuery,
    response: recordDetail,
  },
});
