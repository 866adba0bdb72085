import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  TID,
  depositUsdt,
  expectBooksBalanced,
  messages,
  open,
  registerByApi,
  signIn,
  snapshot,
  text,
  type ApiUser,
  shoot,
  shellNoticesLoaded,
} from './support.ts';

/** The user reads Spanish: the app's words and the server's notification texts. */
const LANG = 'esp';
const esp = messages(LANG);

interface Listed {
  id: number;
  kind: string;
  title: string;
  body: string;
  read: boolean;
}

/** The user's notifications as the server writes them in `lang`. */
async function listed(request: APIRequestContext, user: ApiUser, lang: string): Promise<Listed[]> {
  const response = await request.get('/api/notifications?page=1&limit=20', {
    headers: { ...user.headers, lang },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).message.list;
}

test('a deposit passed by the operator reaches the open assets page live: toast, balance, bell, centre', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await registerByApi(request, 'notify');
  await page.addInitScript((lang) => localStorage.setItem('hx.lang', lang), LANG);
  await signIn(page, user);

  // The assets tab, open and left alone: nothing unread, an empty wallet.
  await open(page, '/pages/assets/index');
  const total = page.getByTestId(TID.assets.cardTotal('currency'));
  await expect(total).toBeVisible();
  await expect(total).not.toContainText('100');
  const bell = page.getByTestId(TID.notifications.bell);
  await expect(bell).toBeVisible();
  await expect(page.getByTestId(TID.notifications.badge)).toHaveCount(0);
  // The live listener is mounted once the first screen has loaded.
  await shellNoticesLoaded(page);

  // The operator passes a 100 USDT deposit: without a reload, the toast says so in Spanish,
  // the balance follows and the bell counts one.
  await depositUsdt(request, user, '100');
  const [credited] = await listed(request, user, LANG);
  expect(credited?.kind).toBe('deposit_credited');
  const [inEnglish] = await listed(request, user, 'en');
  expect(credited!.title).not.toBe(inEnglish!.title);
  const toast = page.getByTestId(TID.notifications.toast);
  await expect(toast).toContainText(credited!.title);
  await expect(toast).toContainText(credited!.body);
  await expect(total).toContainText('100');
  await expect(page.getByTestId(TID.notifications.badge)).toHaveText('1');
  await expect(bell).toHaveAttribute(
    'aria-label',
    text(esp, 'notifications.bellUnread').replace('{{count}}', '1'),
  );
  await shoot(page, 'notifications-toast.png');
  await snapshot(page, 'notifications-assets-bell');

  // The centre lists it in Spanish, unread.
  await bell.click();
  await expect(page).toHaveURL(/#\/pages\/notifications\/index$/);
  const item = page.getByTestId(TID.notifications.item(credited!.id));
  await expect(item).toContainText(credited!.title);
  await expect(item).toContainText(credited!.body);
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(page.getByTestId(TID.notifications.unreadCount)).toHaveText(
    text(esp, 'notifications.unreadCount').replace('{{count}}', '1'),
  );
  await snapshot(page, 'notifications-centre');

  // Marking all read clears the count here, on the server and on the bell.
  await page.getByTestId(TID.notifications.markAll).click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId(TID.notifications.unreadCount)).toHaveText(
    text(esp, 'notifications.allRead'),
  );
  await expect
    .poll(async () => (await listed(request, user, LANG)).every((n) => n.read))
    .toBe(true);

  // Tapping it opens the deposit records, where the deposit shows as passed.
  await item.click();
  await expect(page).toHaveURL(/assets\/record\?type=deposit/);
  await expect(page.locator('[data-testid^="record-status-"]').first()).toHaveText(
    text(esp, 'money.status.passed'),
  );
  await open(page, '/pages/assets/index');
  await expect(total).toContainText('100');
  await expect(bell).toBeVisible();
  await expect(page.getByTestId(TID.notifications.badge)).toHaveCount(0);

  await expectBooksBalanced(request);
});
