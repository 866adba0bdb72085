import { expect, test } from './fixtures.ts';
import {
  TID,
  latestCode,
  messages,
  open,
  snapshot,
  text,
  uniqueEmail,
  registerByApi,
  logIn,
} from './support.ts';

const en = messages('en');

test('an invitation link prefills the code; the inviter sees the new user and a poster to share', async ({
  browser,
  page,
  request,
}) => {
  // The inviter registers through the API.
  const inviter = await registerByApi(request, 'inviter');
  const inviteCode = inviter.user.invite_code;

  // A friend opens the link in another browser and registers with the code already filled in.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  const friendEmail = uniqueEmail('friend');
  await open(friend, `/pages/user/login/register?invite=${inviteCode}`);
  await expect(friend.getByTestId(TID.register.invite)).toHaveValue(inviteCode);
  await friend.getByTestId(TID.accountTab.email).click();
  await friend.getByTestId(TID.register.account).fill(friendEmail);
  await friend.getByTestId(TID.sendCode).click();
  await friend.getByTestId(TID.register.code).fill(await latestCode(request, friendEmail));
  await friend.getByTestId(TID.register.password).fill('friend-secret');
  await friend.getByTestId(TID.register.confirm).fill('friend-secret');
  await friend.getByTestId(TID.register.agree).click();
  await friend.getByTestId(TID.register.submit).click();
  await expect(friend.getByTestId(TID.tab.home)).toBeVisible();
  await friendContext.close();

  // The inviter logs in and opens Referral from the side menu.
  await logIn(page, inviter.email, inviter.password);
  await page.getByTestId(TID.menuButton).click();
  await page.getByTestId(TID.menuEntry('referral')).click();

  await expect(page.getByTestId(TID.promotion.rate)).toHaveText('20%');
  await expect(page.getByTestId(TID.promotion.code)).toHaveText(inviteCode);
  await expect(page.getByTestId(TID.promotion.promoted)).toHaveText('1');
  // On a fresh database the inviter is among the top 10 at once.
  await expect(page.getByTestId(TID.promotion.rank)).toHaveText(/^\d+$/);
  const masked = `${friendEmail.slice(0, 2)}***@example.com`;
  await expect(page.getByTestId(TID.promotion.invitee)).toContainText(masked);

  // The ranking lists the inviter among the top 10 once the friend counts.
  await page.getByTestId(TID.promotion.tab('ranking')).click();
  await expect(page.getByTestId(TID.promotion.rankRow).first()).toBeVisible();
  await page.getByTestId(TID.promotion.tab('invitees')).click();
  await snapshot(page, 'promotion');

  await page.getByTestId(TID.promotion.poster).click();
  await expect(page.getByTestId(TID.promotion.posterCanvas)).toHaveAttribute('data-ready', 'true');
  const download = page.waitForEvent('download');
  await page.getByTestId(TID.promotion.save).click();
  expect((await download).suggestedFilename()).toBe(`invite-${inviteCode}.png`);
  await snapshot(page, 'promotion-poster');
  await expect(page.getByText(text(en, 'promotion.saveFailed'))).toHaveCount(0);

  await open(page, '/pages/settings/index');
  await page.getByTestId(TID.theme('dark')).click();
  await open(page, '/pages/promotion/index');
  await expect(page.getByTestId(TID.promotion.invitee)).toBeVisible();
  await snapshot(page, 'promotion');
  await page.getByTestId(TID.promotion.poster).click();
  await expect(page.getByTestId(TID.promotion.posterCanvas)).toHaveAttribute('data-ready', 'true');
  await snapshot(page, 'promotion-poster');
});
