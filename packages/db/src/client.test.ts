import { describe, expect, it } from 'vitest';
import { coins } from './schema.ts';
import { freshDatabase } from './testing.ts';

describe('openDatabase', () => {
  it('applies the migrations and keeps money as exact decimal strings', async () => {
    const { db, close } = await freshDatabase();
    try {
      await db.insert(coins).values({
        id: 99,
        name: 'TST',
        fullName: 'Test',
        decimals: 8,
        withdrawFee: '0.000000000000000001',
        withdrawMin: '123456789012345678.123456789012345678',
      });
      const [row] = await db.select().from(coins);
      expect(row?.withdrawFee).toBe('0.000000000000000001');
      expect(row?.withdrawMin).toBe('123456789012345678.123456789012345678');
    } finally {
      await close();
    }
  });
});
