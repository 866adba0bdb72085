import { SUB_ACCOUNT_NAMES, type SubAccountName } from '@hx/protocol';

export { SUB_ACCOUNT_NAMES, type SubAccountName };

export function isSubAccount(value: unknown): value is SubAccountName {
  return (SUB_ACCOUNT_NAMES as readonly unknown[]).includes(value);
}

/** The en.json key naming a sub-account. */
export const accountLabelKey = (name: SubAccountName) => `money.accounts.${name}` as const;
