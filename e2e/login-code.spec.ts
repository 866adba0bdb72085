import { expect, test } from './fixtures.ts';
import { ERRORS } from '../packages/protocol/src/errors.ts';
import { latestCode, open, registerByApi, snapshot, TID } from './support.ts';

test('after wrong passwords from elsewhere, the owner logs in with a code sent to the account', async ({
  page,
  request,
}) => {
  const user = await registerByApi(request, 'guessed');
  // Someone guesses from ten addresses (the test server trusts this machine as a proxy).
  for (let i = 0; i < 10; i++) {
    const guess = await request.post('/api/user/login', {
      form: { account: user.email, password: `wrong-guess-${i}` },
      headers: { 'X-Forwarded-For': `203.0.113.${i + 1}` },
    });
    expect((await guess.json()).code).toBe('LOGIN_FAILED');
  }

  await open(page, '/pages/user/login/login');
  await page.getByTestId(TID.accountTab.email).click();
  await page.getByTestId(TID.login.account).fill(user.email);
  await page.getByTestId(TID.login.password).fill(user.password);
  await page.getByTestId(TID.login.submit).click();
  await expect(page.getByTestId(TID.login.error)).toHaveText(ERRORS.LOGIN_CODE_REQUIRED.en);
  await expect(page.getByTestId(TID.login.code)).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await snapshot(page, 'login-code-required');
  }

  await page.getByTestId(TID.sendCode).click();
  await page.getByTestId(TID.login.code).fill(await latestCode(request, user.email));
  await page.getByTestId(TID.login.submit).click();
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();
});
