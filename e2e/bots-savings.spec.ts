import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  TID,
  depositUsdt,
  expectBooksBalanced,
  logIn,
  marketMakerQuoting,
  messages,
  open,
  registerByApi,
  signIn,
  snapshotThemes,
  text,
  type ApiUser,
} from './support.ts';

const USDT = 3;
const DAY_MS = 86_400_000;
const en = messages('en');

interface BotRun {
  period: number;
  status: string;
  reason: string | null;
  price: string | null;
  amount: string | null;
  spent: string | null;
}
interface Bot {
  id: number;
  symbol: string;
  status: string;
  amount: string;
  every: string;
  max_price: string | null;
  at: string | null;
  time_zone: string;
  next_run_at: number | null;
  created_at: number;
  runs: BotRun[];
}

/** The user's bots, as the server lists them (newest first). */
async function botsOf(request: APIRequestContext, user: ApiUser): Promise<Bot[]> {
  const response = await request.get('/api/bots', { headers: user.headers });
  expect(response.ok()).toBe(true);
  return (await response.json()).message.list;
}

test('subscribe USDT to flexible savings on the finance tab and redeem part of it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const me = await registerByApi(request, 'savings');
  await depositUsdt(request, me, '1000');
  await logIn(page, me.email, me.password);
  await open(page, '/pages/template/index');

  // Demo terms: 5% a year up to 10,000 USDT, 2% above.
  const card = page.getByTestId(TID.savings.card(USDT));
  await expect(card).toContainText('5%');
  await expect(card).toContainText('Up to 10,000');
  await page.getByTestId(TID.savings.subscribe(USDT)).click();
  await page.getByTestId(TID.savings.sheet.amount).fill('600');
  await page.getByTestId(TID.savings.sheet.submit).click();
  await expect(page.getByTestId(TID.savings.holding(USDT))).toHaveText('600.0000 USDT');

  await page.getByTestId(TID.savings.redeem(USDT)).click();
  await page.getByTestId(TID.savings.sheet.amount).fill('100');
  await page.getByTestId(TID.savings.sheet.submit).click();
  await expect(page.getByTestId(TID.savings.holding(USDT))).toHaveText('500.0000 USDT');

  const list = await request.post('/api/wallet/list', { headers: me.headers });
  const usdt = (await list.json()).message.savings.find(
    (c: { currency_id: number }) => c.currency_id === USDT,
  );
  expect(usdt.available).toBe('500.0000');
  await expectBooksBalanced(request);
});

test('a recurring buy of BTC from the side menu: started, listed, first bought, stopped', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const me = await registerByApi(request, 'bots');
  await depositUsdt(request, me, '1000');
  await marketMakerQuoting(request);
  await signIn(page, me);
  await open(page, '/pages/index/index');

  // The side menu's Bots: none yet, and a way to start one.
  await page.getByTestId(TID.menuButton).click();
  await page.getByTestId(TID.menuEntry('bots')).click();
  await expect(page).toHaveURL(/#\/pages\/bots\/index$/);
  await expect(page.getByTestId(TID.bots.empty)).toContainText(text(en, 'bots.empty'));
  await page.getByTestId(TID.bots.start).click();
  await expect(page).toHaveURL(/#\/pages\/bots\/recurring$/);

  // BTC/USDT by default, the spot USDT to spend from shown; no amount is refused by the schema.
  await expect(page.getByTestId(TID.bots.form.pair)).toHaveText('BTC/USDT');
  await expect(page.getByTestId(TID.bots.form.available)).toContainText(/1,000(\.0+)? USDT/);
  await page.getByTestId(TID.bots.form.submit).click();
  await expect(page.locator('.hx-field-error')).toHaveText('Please enter the amount');
  expect(await botsOf(request, me)).toEqual([]);

  await page.getByTestId(TID.bots.form.amount).fill('10');
  await page.getByTestId(TID.bots.form.period('day')).click();
  await expect(page.getByTestId(TID.bots.form.period('day'))).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByTestId(TID.bots.form.submit).click();
  await expect(page).toHaveURL(/#\/pages\/bots\/index$/);
  await expect(page.getByText(text(en, 'bots.form.started'))).toBeVisible();
  const [bot] = await botsOf(request, me);
  expect(bot).toMatchObject({
    symbol: 'BTCUSDT',
    status: 'running',
    amount: '10',
    every: 'day',
    max_price: null,
  });

  // Listed: what it buys and how often, running, its first purchase due at once (the job buys
  // within 30 s, so it may already show tomorrow's).
  const row = page.getByTestId(TID.bots.item(bot!.id));
  await expect(row).toContainText('BTC/USDT');
  await expect(row).toContainText(text(en, 'bots.kind.recurring'));
  await expect(row).toContainText('10 USDT every day');
  await expect(page.getByTestId(TID.bots.status(bot!.id))).toHaveAttribute(
    'data-status',
    'running',
  );
  await expect(page.getByTestId(TID.bots.nextRun(bot!.id))).toHaveText(
    /^Next run: (within a minute|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})$/,
  );
  await snapshotThemes(page, 'bots', TID.bots.item(bot!.id));

  // Its details: the first run shows once the job has bought (the page asks again while due).
  await row.click();
  await expect(page).toHaveURL(new RegExp(`#/pages/bots/detail\\?id=${bot!.id}$`));
  await expect(page.getByTestId(TID.bots.detail.status)).toHaveAttribute('data-status', 'running');
  await expect(page.getByTestId(TID.bots.detail.runState(0))).toHaveAttribute(
    'data-state',
    'bought',
    { timeout: 60_000 },
  );
  const [ran] = await botsOf(request, me);
  const first = ran!.runs[0]!;
  expect(first).toMatchObject({ period: 0, status: 'bought', reason: null });
  // A market buy by funds fills whole steps of BTC: at most the 10 USDT, the rest stays.
  expect(Number(first.spent)).toBeGreaterThan(0);
  expect(Number(first.spent)).toBeLessThanOrEqual(10);
  const run = page.getByTestId(TID.bots.detail.run(0));
  await expect(run).toContainText(text(en, 'bots.run.bought'));
  await expect(run).toContainText(' BTC');
  // The next purchase is a day after the start.
  expect(ran!.next_run_at).toBe(ran!.created_at + DAY_MS);
  await expect(page.getByTestId(TID.bots.detail.nextRun)).toHaveText(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  );
  await snapshotThemes(page, 'bots-detail', TID.bots.detail.run(0));

  // Stop, after a confirmation: it shows stopped, with nothing more to run.
  await page.getByTestId(TID.bots.detail.stop).click();
  await expect(page.locator('.adm-dialog')).toContainText(text(en, 'bots.stopBody'));
  await page
    .locator('.adm-dialog')
    .getByRole('button', { name: text(en, 'bots.stopConfirm'), exact: true })
    .click();
  await expect(page.getByTestId(TID.bots.detail.status)).toHaveAttribute('data-status', 'stopped');
  await expect(page.getByTestId(TID.bots.detail.stop)).toHaveCount(0);
  await expect(page.getByTestId(TID.bots.detail.nextRun)).toHaveCount(0);
  expect((await botsOf(request, me))[0]).toMatchObject({ status: 'stopped', next_run_at: null });
  await open(page, '/pages/bots/index');
  await expect(page.getByTestId(TID.bots.status(bot!.id))).toHaveAttribute(
    'data-status',
    'stopped',
  );
  await expect(page.getByTestId(TID.bots.runCount(bot!.id))).toHaveText('Runs: 1');

  // The spot trade page opens a recurring buy of its own pair.
  await open(page, '/pages/trade/index?symbol=ETHUSDT');
  await page.getByTestId(TID.bots.open).click();
  await expect(page).toHaveURL(/#\/pages\/bots\/recurring\?symbol=ETHUSDT$/);
  await expect(page.getByTestId(TID.bots.form.pair)).toHaveText('ETH/USDT');

  // A weekly one at a chosen time on this device's clock: a time that is none is refused first.
  await page.getByTestId(TID.bots.form.amount).fill('5');
  await page.getByTestId(TID.bots.form.period('week')).click();
  await page.getByTestId(TID.bots.form.at).fill('25:00');
  await page.getByTestId(TID.bots.form.submit).click();
  await expect(page.locator('.hx-field-error')).toHaveText(
    'Enter the time as HH:MM, from 00:00 to 23:59',
  );
  await page.getByTestId(TID.bots.form.at).fill('08:30');
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(page.getByTestId(TID.bots.form.timeZone)).toHaveText(zone);
  await page.getByTestId(TID.bots.form.submit).click();
  await expect(page).toHaveURL(/#\/pages\/bots\/index$/);
  const [weekly] = await botsOf(request, me);
  expect(weekly).toMatchObject({ symbol: 'ETHUSDT', every: 'week', at: '08:30', time_zone: zone });
  // Its first purchase waits for the next 08:30 there: within a day, never now.
  expect(weekly!.next_run_at).toBeGreaterThan(weekly!.created_at);
  expect(weekly!.next_run_at! - weekly!.created_at).toBeLessThanOrEqual(DAY_MS);
  await open(page, `/pages/bots/detail?id=${weekly!.id}`);
  await expect(page.getByTestId(TID.bots.detail.at)).toHaveText(`08:30 (${zone})`);
  await page.getByTestId(TID.bots.detail.stop).click();
  await page
    .locator('.adm-dialog')
    .getByRole('button', { name: text(en, 'bots.stopConfirm'), exact: true })
    .click();
  await expect(page.getByTestId(TID.bots.detail.status)).toHaveAttribute('data-status', 'stopped');

  // A symbol no spot pair has: the server's refusal, in the user's language, beside the form.
  await open(page, '/pages/bots/recurring?symbol=EURUSD');
  await page.getByTestId(TID.bots.form.amount).fill('10');
  await page.getByTestId(TID.bots.form.submit).click();
  await expect(page.getByTestId(TID.bots.form.error)).toHaveText('Unknown trading pair');
  expect(await botsOf(request, me)).toHaveLength(2);
  await expectBooksBalanced(request);
});
