import { describe, expect, it } from 'vitest';
import { Decimal } from '@hx/money';
import { ratePrice, rateView } from './rate.ts';

const shown = (from: string, to: string, price: string, decimals: number) => {
  const view = rateView(from, to, price)!;
  return `1 ${view.base} = ${ratePrice(view.price, decimals)} ${view.quote}`;
};

describe('rateView', () => {
  it('counts the coin that is not USDT as 1, whichever direction is chosen', () => {
    expect(shown('BTC', 'USDT', '64300.5', 4)).toBe('1 BTC = 64300.50 USDT');
    // USDT → BTC quotes 1/64300 at 12 significant digits: its inverse is still 64,300.
    expect(shown('USDT', 'BTC', '0.0000155520995334', 4)).toBe('1 BTC = 64300.00 USDT');
    expect(shown('USDT', 'DOGE', '6.4', 4)).toBe('1 DOGE = 0.1563 USDT');
  });
  it('between two other coins, counts the dearer one as 1', () => {
    expect(shown('ETH', 'BTC', '0.05', 8)).toBe('1 BTC = 20.00 ETH');
    expect(shown('BTC', 'ETH', '20.123456789', 8)).toBe('1 BTC = 20.12345679 ETH');
  });
  it('keeps significant digits of a price below the last decimal', () => {
    expect(ratePrice(new Decimal('0.0000012345678'), 4)).toBe('0.000001235');
  });
  it('has no rate without a positive price', () => {
    expect(rateView('BTC', 'USDT', '0')).toBeNull();
  });
});
