import type { ReviewState, SubAccountName } from '@hx/protocol';

export type { KycCenter, SubAccountName, WalletList } from '@hx/protocol';

/** The payloads of the identity and money routes (docs/api.md), as the app reads them. */

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
}

export interface Balance {
  currency_id: number;
  name: string;
  available: string;
  frozen: string;
  usdt_value: string;
}

export interface CoinDetail {
  currency_id: number;
  name: string;
  decimals: number;
  networks: string[];
  deposit_min: string;
  withdraw_min: string;
  withdraw_fee: string;
  withdrawals_per_day: number;
  withdrawals_today: number;
  /** Per network: open or suspended, and the withdrawal limits (null: none). */
  network_limits: NetworkLimits[];
  accounts: Record<SubAccountName, { available: string; frozen: string }>;
}

export interface NetworkLimits {
  network: string;
  deposit_enabled: boolean;
  withdraw_enabled: boolean;
  withdraw_max: string | null;
  withdraw_daily_amount: string | null;
  withdrawn_today: string;
}

export interface TransferRecord {
  id: number;
  from: SubAccountName;
  to: SubAccountName;
  currency_id: number;
  name: string;
  number: string;
  created_at: number;
}

export interface DepositAddress {
  address: string;
  network: string;
  currency_id: number;
  min: string;
  /** A chain watcher credits deposits here by itself, after `confirmations`. */
  automatic: boolean;
  confirmations: number | null;
}

export interface PlatformBank {
  currency_id: number;
  bank_name: string;
  account_name: string;
  account_number: string;
  branch: string;
  swift_code: string;
  bank_address: string;
  min: string;
}

interface Reviewed {
  id: number;
  currency_id: number;
  name: string;
  network: string;
  address: string;
  number: string;
  status: ReviewState;
  reason: string | null;
  created_at: number;
  reviewed_at: number | null;
}

export interface DepositRecord extends Reviewed {
  voucher: string;
}

export interface WithdrawalRecord extends Reviewed {
  fee: string;
  receive: string;
  remark: string | null;
}

export interface WithdrawAddress {
  id: number;
  currency_id: number;
  name: string;
  network: string;
  address: string;
  /** The user's own name for it; null: none. */
  label: string | null;
  created_at: number;
  /** Withdrawal whitelist on and saved under 24 h ago: when it can receive; else null. */
  usable_at: number | null;
}

export interface BankCard {
  id: number;
  name: string;
  card_number: string;
  depositary_bank: string;
  branch: string;
  bank_name: string;
  bank_address: string;
  swift_code: string;
  payee_address: string;
  zip_code: string;
  created_at: number;
}
export type BankCardField = Exclude<keyof BankCard, 'id' | 'created_at'>;
