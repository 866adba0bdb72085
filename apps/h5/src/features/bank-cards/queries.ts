import { useQuery } from '@tanstack/react-query';
import { call, type Input } from '../../api/call.ts';
import { bankCardsQuery } from '../wallet/queries.ts';

/** The user's bank cards, fetched again each time a page shows them. */
export function useBankCards() {
  return useQuery({ ...bankCardsQuery, refetchOnMount: 'always' });
}

/** Binds a bank card (with the fund password and codes a new destination takes). */
export async function saveBankCard(body: Input<'bankCardSave'>): Promise<void> {
  await call.bankCardSave(body);
}

export async function deleteBankCard(id: number): Promise<void> {
  await call.bankCardDelete({ id });
}
