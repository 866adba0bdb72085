import { useQuery } from '@tanstack/react-query';
import { call, type Input } from '../../api/call.ts';
import { kycQuery } from '../wallet/queries.ts';

/** The user's verification levels, fetched again each time a page shows them. */
export function useKyc() {
  return useQuery({ ...kycQuery, refetchOnMount: 'always' });
}

/** Sends basic verification (country, name, ID number) for review. */
export async function submitBasicKyc(body: Input<'kycBasic'>): Promise<void> {
  await call.kycBasic(body);
}

/** Sends advanced verification (address and three photos of the ID) for review. */
export async function submitAdvancedKyc(body: Input<'kycAdvanced'>): Promise<void> {
  await call.kycAdvanced(body);
}
