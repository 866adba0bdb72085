import { describe, expect, it } from 'vitest';
import { isOmniToken, networkName } from './networkName.ts';

describe('network names', () => {
  it("calls BTC's own chain Bitcoin, and leaves every other network its name", () => {
    expect(networkName('BTC', 'OMNI')).toBe('Bitcoin (BTC)');
    expect(networkName('USDT', 'OMNI')).toBe('OMNI');
    expect(networkName('USDT', 'TRC20')).toBe('TRC20');
    expect(networkName(undefined, 'OMNI')).toBe('OMNI');
  });

  it('takes only Omni Layer tokens for voucher-only deposits', () => {
    expect(isOmniToken('USDT', 'OMNI')).toBe(true);
    expect(isOmniToken('BTC', 'OMNI')).toBe(false);
    expect(isOmniToken('USDT', 'ERC20')).toBe(false);
  });
});
