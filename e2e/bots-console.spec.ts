import { expect, test } from './fixtures.ts';
import { consoleAsAdmin, depositUsdt, registerByApi } from './support.ts';

// ETHUSDT: pausing a pair stops every user's bots on it, and other tests run BTCUSDT's at once.
test("the console lists users' bots and pauses a pair's bots until resumed", async ({
  browser,
  request,
}) => {
  const me = await registerByApi(request, 'bots-console');
  await depositUsdt(request, me, '100');
  const started = await request.post('/api/bots/recurring', {
    headers: me.headers,
    form: { symbol: 'ETHUSDT', amount: '5', every: 'week' },
  });
  const bot = (await started.json()).message;
  expect(bot).toMatchObject({ kind: 'recurring', status: 'running' });

  const ops = await consoleAsAdmin(browser);
  await ops.getByRole('menuitem', { name: 'Bots' }).click();
  await ops.getByTestId('bots-filter-symbol').click();
  await ops.getByTitle('ETHUSDT', { exact: true }).click();
  const row = ops.getByTestId('bots-list').locator(`tr[data-row-key="${bot.id}"]`);
  await expect(row).toContainText(String(me.user.id));
  await expect(row).toContainText('5 / week');

  const pair = ops.getByTestId('bots-pairs').locator('tr[data-row-key="ETHUSDT"]');
  await ops.getByTestId('bots-pause-ETHUSDT').click();
  await ops.getByRole('button', { name: 'OK' }).click();
  await expect(pair).toContainText('Paused since');
  const paused = await request.get('/api/bots', { headers: me.headers });
  expect((await paused.json()).message.list[0].status).toBe('running');

  await ops.getByTestId('bots-pause-ETHUSDT').click();
  await ops.getByRole('button', { name: 'OK' }).click();
  await expect(pair).toContainText('Active');
  await request.post(`/api/bots/${bot.id}/stop`, { headers: me.headers });
  await ops.context().close();
});
