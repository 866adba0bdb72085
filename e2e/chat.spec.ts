import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { TID, messages, open, snapshot, text, registerByApi, logIn } from './support.ts';

const en = messages('en');

/** Registers through the API and logs in through the app; returns the user's id. */
async function register(page: Page, request: APIRequestContext): Promise<number> {
  const me = await registerByApi(request, 'chat');
  await logIn(page, me.email, me.password);
  return me.user.id;
}

/** The test plays the support operator through the operator API. */
async function operator(request: APIRequestContext) {
  const login = await request.post('/api/admin/login', {
    form: { email: 'admin@demo.local', password: 'admin123456' },
  });
  const headers = { Authorization: (await login.json()).message.token as string };
  return {
    async reply(userId: number, body: string) {
      const response = await request.post('/api/admin/chat/reply', {
        headers,
        form: { user_id: String(userId), body, client_id: randomUUID() },
      });
      expect(response.ok()).toBe(true);
      return (await response.json()).message as { id: number };
    },
    /** What the inbox shows beside the conversation. */
    async context(userId: number) {
      const response = await request.get(`/api/admin/chat/context?user_id=${userId}`, { headers });
      return (await response.json()).message as Record<string, unknown>;
    },
    async conversation(userId: number) {
      const response = await request.get(`/api/admin/chat/messages?user_id=${userId}`, { headers });
      return (await response.json()).message.list as { id: number; body: string }[];
    },
  };
}

test('a user chats with support: the reply arrives live and the history survives a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const userId = await register(page, request);
  const support = await operator(request);

  // From the side menu to the chat.
  await page.getByTestId(TID.menuButton).click();
  await page.getByTestId(TID.menuEntry('chat')).click();
  await expect(page).toHaveURL(/#\/pages\/help-center\/chat$/);
  await expect(page.getByText(text(en, 'chat.empty'))).toBeVisible();

  await page.getByTestId(TID.chat.input).fill('Hello, where is my deposit?');
  await page.getByTestId(TID.chat.send).click();
  const list = page.getByTestId(TID.chat.list);
  const mine = list.locator('[data-sender="user"]');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Hello, where is my deposit?');
  await expect(mine).toContainText(text(en, 'chat.state.sent'));

  // It reached the operators' inbox.
  await expect
    .poll(async () => (await support.conversation(userId)).map((m) => m.body))
    .toEqual(['Hello, where is my deposit?']);
  // Beside it, the operator sees who writes: a new account, no KYC, no deposits yet.
  expect(await support.context(userId)).toMatchObject({
    user_id: userId,
    kyc: { basic: 'unverified', advanced: 'unverified' },
    deposits: [],
    withdrawals: [],
  });

  // The operator replies: it appears without a reload; the user's message shows delivered
  // (the operator's side fetched it).
  await support.reply(userId, 'It arrived, check your assets.');
  const theirs = list.locator('[data-sender="operator"]');
  await expect(theirs).toHaveCount(1);
  await expect(theirs).toContainText('It arrived, check your assets.');
  await expect(mine).toContainText(text(en, 'chat.state.delivered'));

  for (const theme of ['dark', 'light'] as const) {
    await open(page, '/pages/settings/index');
    await page.getByTestId(TID.theme(theme)).click();
    await open(page, '/pages/help-center/chat');
    await expect(list.locator('li')).toHaveCount(2);
    await snapshot(page, 'chat-conversation');
  }

  // A reload keeps the history, once each.
  await page.reload();
  await expect(list.locator('li')).toHaveCount(2);
  await expect(mine).toHaveCount(1);
  await expect(theirs).toHaveCount(1);

  // A second reply while the page is away shows up, with the unread badge on the menu.
  await open(page, '/pages/index/index');
  await support.reply(userId, 'Anything else?');
  await page.getByTestId(TID.menuButton).click();
  await expect(page.getByTestId(TID.chat.menuBadge)).toHaveText('1');
  await snapshot(page, 'chat-menu-badge');
  await page.getByTestId(TID.menuEntry('chat')).click();
  await expect(theirs).toHaveCount(2);
  await expect(list.locator('li')).toHaveCount(3);
  await page.getByTestId(TID.navBack).click();
  await page.getByTestId(TID.menuButton).click();
  await expect(page.getByTestId(TID.chat.menuBadge)).toHaveCount(0);
});
