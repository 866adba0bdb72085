import { expect, test } from './fixtures.ts';
import { TID, messages, open, png, snapshot, text, registerByApi, logIn } from './support.ts';

const en = messages('en');
const zh = messages('zh');

test('read a notice from the home notice bar, then the list', async ({ page }) => {
  await open(page, '/pages/index/index');
  const bar = page.getByTestId(TID.home.notice);
  // The first page of a fresh server can take a while on a busy machine.
  await expect(bar).toContainText('Welcome to the demo exchange', { timeout: 30_000 });
  await bar.click();
  await expect(page).toHaveURL(/#\/pages\/index\/notice\/notice\?id=\d+$/);
  await expect(page.getByTestId(TID.content.noticeTitle)).toHaveText(
    'Welcome to the demo exchange',
  );
  await expect(page.getByTestId(TID.content.noticeBody)).toContainText('simulated market');

  // "More" on the bar opens every notice, pinned first.
  await open(page, '/pages/index/index');
  await page.getByText(text(en, 'content.more')).click();
  await expect(page).toHaveURL(/#\/pages\/notice\/index$/);
  const cards = page.locator('[data-testid^="notice-"]');
  await expect(cards).toHaveCount(4);
  await expect(cards.first()).toContainText(text(en, 'content.pinned'));
  await cards.nth(1).click();
  await expect(page.getByTestId(TID.content.noticeTitle)).toHaveText(
    'Timed options now open for BTC, ETH and more',
  );
});

test('search the help centre and open an article, in English and in Chinese', async ({ page }) => {
  // From the side menu.
  await open(page, '/pages/index/index');
  await page.getByTestId(TID.menuButton).click();
  await page.getByTestId(TID.menuEntry('help')).click();
  await expect(page).toHaveURL(/#\/pages\/help-center\/center$/);
  await expect(page.getByText('How to deposit')).toBeVisible();

  await page.getByTestId(TID.content.helpSearch).locator('input').fill('fee');
  await expect(
    page.getByText(text(en, 'content.resultsFor').replace('{{q}}', 'fee')),
  ).toBeVisible();
  const first = page.locator('[data-testid^="help-article-"]').first();
  await expect(first).toContainText('Trading fees');
  await first.click();
  await expect(page).toHaveURL(/#\/pages\/help-center\/detail\?id=\d+$/);
  await expect(page.getByTestId(TID.content.articleTitle)).toHaveText('Trading fees');
  await expect(page.getByTestId(TID.content.articleBody)).toContainText('maker fee');

  // The spec's second route is the same page; a Chinese reader searches Chinese articles.
  await open(page, '/pages/settings/language/language');
  await page.getByText('简体中文').click();
  await open(page, '/pages/help/center/center');
  await expect(page.getByText(text(zh, 'content.helpCenter')).first()).toBeVisible();
  await page.getByTestId(TID.content.helpSearch).locator('input').fill('结算');
  const result = page.locator('[data-testid^="help-article-"]').first();
  await expect(result).toContainText('秒合约期权如何结算');
  await result.click();
  await expect(page.getByTestId(TID.content.articleBody)).toContainText('看涨获胜');
});

test('send feedback with an image; the reply shows; contact and avatar work', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await registerByApi(request, 'content');
  await logIn(page, email, password);

  // Contact from the side menu lists the support links, with the chat first.
  await page.getByTestId(TID.menuButton).click();
  await page.getByTestId(TID.menuEntry('contact')).click();
  await expect(page).toHaveURL(/#\/pages\/help-center\/contact$/);
  await expect(page.getByTestId(TID.content.contactLink(0))).toContainText(
    text(en, 'content.entries.chat'),
  );

  await open(page, '/pages/help-center/center');
  await page.getByTestId(TID.content.helpEntry('feedback')).click();
  await expect(page).toHaveURL(/#\/pages\/help-center\/feedback$/);
  await expect(page.getByText(text(en, 'content.noFeedback'))).toBeVisible();

  // Too short first: the catalogue's message, before any request.
  await page.getByTestId(TID.content.feedbackText).locator('textarea').fill('hey');
  await page.getByTestId(TID.content.feedbackSend).click();
  await expect(page.getByRole('alert')).toHaveText('Please write at least 5 characters');

  await page
    .getByTestId(TID.content.feedbackText)
    .locator('textarea')
    .fill('My USDT deposit is still under review.');
  await page
    .getByTestId(TID.content.feedbackImage(0))
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: png() });
  await expect(page.getByTestId(TID.content.feedbackImage(1))).toBeAttached();
  await page.getByTestId(TID.content.feedbackSend).click();
  const card = page.locator('[data-testid^="feedback-item-"]');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('My USDT deposit is still under review.');
  await expect(card).toContainText(text(en, 'content.status.open'));

  // Support answers through the operator API.
  const login = await request.post('/api/admin/login', {
    form: { email: 'admin@demo.local', password: 'admin123456' },
  });
  const headers = { Authorization: (await login.json()).message.token as string };
  const queue = await request.get('/api/admin/feedback', { headers });
  const item = (await queue.json()).message.list.find(
    (f: { account: string }) => f.account === email,
  );
  const image = await request.get(`/api/admin/feedback/${item.id}/images/0`, { headers });
  expect(image.headers()['content-type']).toBe('image/png');
  const reply = await request.post(`/api/admin/feedback/${item.id}/reply`, {
    headers,
    form: { body: 'Approved now, thank you for waiting.' },
  });
  expect(reply.ok()).toBe(true);

  // The help centre shows there is a new reply; the feedback page shows it.
  await open(page, '/pages/help-center/center');
  await expect(page.getByTestId(TID.content.helpEntry('feedback'))).toContainText(
    text(en, 'content.newReplies').replace('{{count}}', '1'),
  );
  await page.getByTestId(TID.content.helpEntry('feedback')).click();
  await expect(page.getByTestId(TID.content.feedbackReply)).toContainText(
    'Approved now, thank you for waiting.',
  );
  await expect(card).toContainText(text(en, 'content.status.replied'));

  // The account page takes an avatar; the side menu shows it.
  await open(page, '/pages/settings/account/index');
  await page
    .getByTestId(TID.content.avatarInput)
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(16, [220, 60, 60]) });
  await expect(page.locator('img.hx-avatar--image')).toBeVisible();
  await expect
    .poll(() =>
      page.locator('img.hx-avatar--image').evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(16);

  // Screenshots in both themes.
  for (const theme of ['dark', 'light'] as const) {
    await open(page, '/pages/settings/index');
    await page.getByTestId(TID.theme(theme)).click();
    const pages = {
      home: '/pages/index/index',
      notices: '/pages/notice/index',
      notice: '/pages/index/notice/notice?id=1',
      help: '/pages/help-center/center',
      article: '/pages/help-center/detail?id=1',
      feedback: '/pages/help-center/feedback',
      contact: '/pages/help-center/contact',
      account: '/pages/settings/account/index',
    };
    for (const [name, route] of Object.entries(pages)) {
      await open(page, route);
      await page.waitForLoadState('networkidle');
      await snapshot(page, `content-${name}`);
    }
  }
});
