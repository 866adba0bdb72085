/**
 * How a network is shown. BTC's network is named OMNI in the platform's list (the spec's name for
 * Bitcoin's own chain, and the key the API keeps), but a bc1… address belongs to "Bitcoin (BTC)"
 * as every exchange says; OMNI stays for USDT on the Omni Layer.
 */
export function networkName(coin: string | undefined, network: string): string {
  return coin === 'BTC' && network === 'OMNI' ? 'Bitcoin (BTC)' : network;
}

/** Whether deposits of `coin` on `network` are Omni Layer tokens (USDT on OMNI): voucher only. */
export const isOmniToken = (coin: string | undefined, network: string) =>
  network === 'OMNI' && coin !== undefined && coin !== 'BTC';
