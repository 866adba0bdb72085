import { describe, expect, it } from 'vitest';
import { positionView, type PositionRow } from './view.ts';

/** A 10× long of 2 BTC lots opened at 65000 (margin 130, fee 0.65), as the database holds it. */
const row: PositionRow = {
  id: 1,
  userId: 1,
  symbol: 'BTCUSDT',
  coinId: 3,
  side: 'long',
  type: 'market',
  status: 'holding',
  lots: 2,
  multiple: 10,
  lotSize: '0.010000000000000000',
  spread: '0.000100000000000000',
  feeRate: '0.000500000000000000',
  maintenanceRatio: '0.200000000000000000',
  limitPrice: null,
  openPrice: '65000.000000000000000000',
  openTickPrice: '65000.000000000000000000',
  openTime: 1,
  margin: '130.000000000000000000',
  fee: '0.650000000000000000',
  stopProfit: null,
  stopLoss: null,
  liquidationPrice: '59800.000000000000000000',
  closePrice: null,
  closeTime: null,
  closeReason: null,
  trailingDistance: null,
  trailingUnit: null,
  trailingPeak: null,
  liquidationWarnedAt: null,
  profit: null,
  createdAt: 1,
  updatedAt: 1,
};
const at = (price: string) => positionView(row, { price, time: 2 });

describe('the margin ratio of a holding position (risk: 100% is liquidation)', () => {
  it('starts at the maintenance ratio and rises with the loss', () => {
    expect(at('65000')).toMatchObject({ profit: '0', margin_ratio: '20.00' });
    expect(at('61750')).toMatchObject({ profit: '-65', margin_ratio: '40.00' });
    expect(at('65650')).toMatchObject({ profit: '13', margin_ratio: '18.18' });
  });

  it('is 100% once the mark reaches the liquidation price, and the loss stays capped', () => {
    expect(at('59800.01').margin_ratio).toBe('99.99');
    expect(at('59800')).toMatchObject({ profit: '-104', margin_ratio: '100.00' });
    expect(at('50000')).toMatchObject({ profit: '-130', margin_ratio: '100.00' });
  });

  it('is not given for a position that is not holding', () => {
    const closed = positionView(
      { ...row, status: 'closed', profit: '20', closePrice: '66000' },
      { price: '66000', time: 2 },
    );
    expect(closed).toMatchObject({ margin_ratio: null, mark_price: null, profit: '20' });
  });
});
