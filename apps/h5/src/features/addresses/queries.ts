import { useQuery } from '@tanstack/react-query';
import { call, type Input } from '../../api/call.ts';
import { addressesQuery } from '../wallet/queries.ts';

/** The saved withdraw addresses of a coin (none asked for while `currencyId` is 0). */
export function useCoinAddresses(currencyId: number) {
  return useQuery({
    ...addressesQuery(currencyId),
    enabled: currencyId > 0,
    refetchOnMount: 'always',
  });
}

/** Saves a withdraw address (with the fund password and codes a new destination takes). */
export async function addAddress(body: Input<'addressAdd'>): Promise<void> {
  await call.addressAdd(body);
}

export async function deleteAddress(id: number): Promise<void> {
  await call.addressDelete({ id });
}
