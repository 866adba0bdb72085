import type { Result } from '../../api/call.ts';

export type { KycCenter, SubAccountName, WalletList } from '@hx/protocol';

/** The payloads of the identity and money routes (docs/api.md), as the app reads them. */

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
}

export type Balance = Result<'walletList'>['currency'][number];

export type CoinDetail = Result<'walletDetail'>;

/** Per network: open or suspended, and the withdrawal limits (null: none). */
export type NetworkLimits = CoinDetail['network_limits'][number];

export type TransferRecord = Result<'walletTransfers'>['list'][number];

export type DepositAddress = Result<'depositAddress'>;

export type PlatformBank = Result<'depositBank'>;

export type DepositRecord = Result<'depositRecords'>['list'][number];

export type WithdrawalRecord = Result<'withdrawRecords'>['list'][number];

/** A saved withdraw address; `usable_at`: whitelist on and saved under 24 h ago, when it can receive. */
export type WithdrawAddress = Result<'addressList'>['list'][number];

export type BankCard = Result<'bankCardList'>['list'][number];
export type BankCardField = Exclude<keyof BankCard, 'id' | 'created_at'>;
