// Where an order's time goes without HTTP: N orders through app.spot.place, C at a time.
// Run: node --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/orders/profile.ts
import { benchUsers, startApp } from '../http-kit.ts';
import { users } from '@hx/db';

const total = Number(process.argv[2] ?? 3000);
const clients = 50;
const bench = await startApp('pglite');
await benchUsers(bench.database, clients, { 1: '1000', 3: '100000000' });
const ids = (await bench.database.db.select({ id: users.id }).from(users))
  .map((u) => u.id)
  .slice(-clients);
let next = 0;
const started = performance.now();
await Promise.all(
  ids.map(async (userId, client) => {
    for (let i = 0; next < total; i++) {
      next++;
      const side = (client + i) % 2 === 0 ? 'buy' : 'sell';
      const offset = ((client * 7919 + i * 104729) % 601) - 300;
      await bench.app.spot.place(userId, {
        symbol: 'BTCUSDT',
        side,
        type: 'limit',
        price: (60000 + offset).toFixed(2),
        amount: '0.001',
      });
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
console.log(`${total} orders in ${seconds.toFixed(1)} s: ${Math.round(total / seconds)}/s`);
await bench.close();
