import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  TID,
  messages,
  open,
  snapshot,
  text,
  registerByApi,
  logIn,
  depositUsdt,
  moveUsdt,
  expectBooksBalanced,
  recordedBtc,
} from './support.ts';

const en = messages('en');
const PASSWORD = 'trailing-secret';

/** Screenshots in both themes, ending in light. */
async function both(page: Page, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate(
      (t) => document.documentElement.setAttribute('data-prefers-color-scheme', t),
      theme,
    );
    await snapshot(page, name);
  }
}

type Position = Record<string, unknown> & { id: number };
const listOf = async (request: APIRequestContext, me: { Authorization: string }, status: string) =>
  (await (await request.post('/api/lever/my_trade', { headers: me, form: { status } })).json())
    .message as { total: number; list: Position[] };

test('set a trailing stop in the stops sheet, see it on the position, and see it close', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await registerByApi(request, 'trailing', PASSWORD);
  await depositUsdt(request, user, '1000');
  await moveUsdt(request, user, 'contract', '1000');
  const me = user.headers;
  await recordedBtc(request, me);
  const opened = await request.post('/api/lever/submit', {
    headers: me,
    form: { symbol: 'BTCUSDT', side: 'long', type: 'market', lots: '1', multiple: '10' },
  });
  expect(opened.ok()).toBe(true);
  const id = (await opened.json()).message.id as number;

  await logIn(page, user.email, PASSWORD);
  await open(page, '/pages/lever/index?symbol=BTCUSDT');
  const card = page.getByTestId(TID.lever.position(id));
  await expect(card).toBeVisible();
  await expect(page.getByTestId(TID.lever.trailing(id))).toHaveCount(0);

  // 5% under the highest mark since now, through the price / percent switch.
  await page.getByTestId(TID.lever.stops(id)).click();
  await expect(page.getByText(text(en, 'lever.trailingHintLong'))).toBeVisible();
  await page.getByTestId(TID.lever.trailingUnit('percent')).click();
  await expect(page.getByTestId(TID.lever.trailingUnit('percent'))).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByTestId(TID.lever.trailingDistance).locator('input').fill('5');
  await both(page, 'lever-trailing-sheet');
  await page.getByTestId(TID.lever.stopsSave).click();
  const row = page.getByTestId(TID.lever.trailing(id));
  await expect(row).toContainText(text(en, 'lever.trailingStop'));
  await expect(row).toContainText('5%');
  await expect(row).toContainText('→');
  const held = (await listOf(request, me, 'holding')).list.find((p) => p.id === id)!;
  expect(held).toMatchObject({ trailing_distance: '5', trailing_unit: 'percent' });
  // The stop shown is the API's, 5% under the peak.
  const stop = Number(held.trailing_stop);
  expect(stop / Number(held.trailing_peak)).toBeCloseTo(0.95, 10);
  await card.scrollIntoViewIfNeeded();
  await both(page, 'lever-trailing-card');

  // Reopened, the sheet shows it set and where it stands.
  await page.getByTestId(TID.lever.stops(id)).click();
  await expect(page.getByTestId(TID.lever.trailingDistance).locator('input')).toHaveValue('5');
  await expect(page.getByText(text(en, 'lever.trailingNow').split(' {{')[0]!)).toBeVisible();
  // One cent under the peak in price: the market's next fall closes it.
  await page.getByTestId(TID.lever.trailingUnit('price')).click();
  await page.getByTestId(TID.lever.trailingDistance).locator('input').fill('0.01');
  await page.getByTestId(TID.lever.stopsSave).click();
  await expect
    .poll(async () => (await listOf(request, me, 'closed')).list.find((p) => p.id === id), {
      timeout: 120_000,
      intervals: [1000],
    })
    .toMatchObject({ close_reason: 'trailing_stop', trailing_unit: 'price' });
  const closed = (await listOf(request, me, 'closed')).list.find((p) => p.id === id)!;
  // It closed on a recorded price at or under its stop (the peak less one cent).
  expect(Number(closed.close_price)).toBeLessThanOrEqual(Number(closed.trailing_stop));
  await expect(card).toHaveCount(0);
  await page.getByTestId(TID.lever.tab('closed')).click();
  await expect(card).toContainText(text(en, 'lever.reason.trailing_stop'));
  await expect(page.getByTestId(TID.lever.trailing(id))).toContainText('0.01');
  await card.scrollIntoViewIfNeeded();
  await both(page, 'lever-trailing-closed');

  // The notification centre tells it.
  const notes = await (
    await request.get('/api/notifications', { headers: me, params: { limit: '20' } })
  ).json();
  expect(
    notes.message.list.some(
      (n: { kind: string; data: { position_id?: number } }) =>
        n.kind === 'lever_trailing_stop' && n.data.position_id === id,
    ),
  ).toBe(true);
  await expectBooksBalanced(request);
});
