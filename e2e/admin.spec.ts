import { devices, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  TID,
  addOperator,
  baseURL,
  consolePage,
  expectBooksBalanced,
  open,
  png,
  registerByApi,
  withdrawal,
  consoleShot,
  registerInApp,
} from './support.ts';

/**
 * The operator console at a desktop size, beside the user's app at a phone size: an operator
 * passes a deposit and the user's open assets page shows it without a reload; an operator
 * rejects a KYC with a reason and the user reads it on the verification page.
 */

const ADMIN = { email: 'admin@demo.local', password: 'admin123456' };

async function userPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    ...devices['iPhone 13'],
    baseURL,
    viewport: { width: 375, height: 812 },
    colorScheme: 'light',
  });
  return context.newPage();
}

const register = (page: Page, request: APIRequestContext) =>
  registerInApp(page, request, 'console');

/** A request as the user of the page (their token from the app's session). */
async function userToken(page: Page): Promise<string> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('hx.session') ?? '{}').token as string,
  );
}

async function login(page: Page) {
  await page.goto('/admin/');
  await expect(page.getByTestId('login-email')).toBeVisible();
  await consoleShot(page, 'login');
  await page.getByTestId('login-email').fill(ADMIN.email);
  await page.getByTestId('login-password').fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await page.getByTestId('login-password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('operator-role')).toHaveText('admin');
}

test('an operator passes a deposit; the user sees the balance live; a KYC rejection reason reaches the user', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await userPage(browser);
  const email = await register(user, request);
  const token = await userToken(user);
  const headers = { Authorization: token };

  // The user reports a deposit of 100 USDT with a voucher, and asks for basic verification.
  const upload = await user.request.post('/api/upload', {
    headers,
    multipart: { file: { name: 'voucher.png', mimeType: 'image/png', buffer: png(64) } },
  });
  const voucher: string = (await upload.json()).message.url;
  const reported = await user.request.post('/api/wallet/charge_req', {
    headers,
    form: { currency_id: '3', network: 'TRC20', number: '100', voucher },
  });
  expect(reported.ok()).toBe(true);
  const kyc = await user.request.post('/api/user/real_name', {
    headers,
    form: { country: 'Japan', name: 'Hanako Yamada', id_number: 'TK1234567' },
  });
  expect(kyc.ok()).toBe(true);

  // The user keeps the assets page open.
  await open(user, '/pages/assets/index');
  await expect(user.getByTestId(TID.assets.total)).toHaveText('$0.00');

  // The operator logs in and sees the queues on the dashboard.
  const ops = await consolePage(browser);
  await login(ops);
  await expect(ops.getByTestId('ledger-card')).toContainText('Balanced');
  // One server process, which writes every pair itself.
  await expect(ops.getByTestId('processes-card')).toContainText('Server processes (1)');
  await expect(ops.getByTestId('processes-card')).toContainText('Alone: writes every pair itself');
  // Each spot book with its resting orders and the engine's state hash (16 hex digits).
  await expect(ops.getByTestId('books-card')).toContainText('BTCUSDT');
  await expect(ops.getByTestId('book-hash').first()).toContainText(/^[0-9a-f]{16}$/);
  await expect(ops.getByTestId('queue-count-deposits')).not.toContainText(/^Deposits0$/);
  await consoleShot(ops, 'dashboard');

  // Deposits: the evidence is in place; pass it.
  await ops.getByTestId('nav-deposits').click();
  const row = ops.locator('tr.ant-table-row', { hasText: email });
  await expect(row).toBeVisible();
  await expect(ops.locator('.ant-table-expanded-row img').first()).toBeVisible();
  await consoleShot(ops, 'deposits');
  await row.getByRole('button', { name: 'Pass' }).click();
  await ops.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(ops.locator('tr.ant-table-row', { hasText: email })).toHaveCount(0);

  // The user's page follows without a reload: the socket said `balances`.
  await expect(user.getByTestId(TID.assets.total)).toHaveText('$100.00');

  // KYC: reject with a reason.
  await ops.getByTestId('nav-kyc').click();
  const kycRow = ops.locator('tr.ant-table-row', { hasText: email });
  await expect(kycRow).toBeVisible();
  await expect(ops.getByText('TK1234567')).toBeVisible();
  await consoleShot(ops, 'kyc');
  await kycRow.getByRole('button', { name: 'Reject' }).click();
  await expect(ops.getByTestId('reject-confirm')).toBeDisabled();
  await ops.getByTestId('reject-reason').fill('The ID number does not match the name');
  await ops.getByTestId('reject-confirm').click();
  await expect(ops.locator('tr.ant-table-row', { hasText: email })).toHaveCount(0);

  await open(user, '/pages/verification/index');
  await expect(user.getByTestId(TID.verification.reason('basic'))).toContainText(
    'The ID number does not match the name',
  );

  // Users: find the user, open the detail with balances and postings.
  await ops.getByTestId('nav-users').click();
  await ops.getByTestId('user-search').locator('input').fill(email);
  await ops.getByTestId('user-search').locator('input').press('Enter');
  await ops.locator('tr.ant-table-row', { hasText: email }).click();
  await expect(ops.locator('.ant-drawer')).toContainText('100');
  await consoleShot(ops, 'user-detail');
  await ops.keyboard.press('Escape');

  // The audit log has both decisions with the reason.
  await ops.getByTestId('nav-audit').click();
  await expect(ops.getByText('kyc.reject').first()).toBeVisible();
  await expect(ops.getByText('The ID number does not match the name').first()).toBeVisible();
  await consoleShot(ops, 'audit');

  // Chat: the user writes, the operator answers from the inbox.
  const sent = await user.request.post('/api/chat/send', {
    headers,
    form: { body: 'Hello, where is my deposit?', client_id: crypto.randomUUID() },
  });
  expect(sent.ok()).toBe(true);
  await ops.getByTestId('nav-chat').click();
  await ops.getByText('Hello, where is my deposit?').first().click();
  await ops.getByTestId('chat-input').fill('It is credited: 100 USDT.');
  await ops.getByTestId('chat-input').press('Enter');
  await expect(
    ops.locator('[data-testid^="chat-message-"]', { hasText: 'It is credited: 100 USDT.' }),
  ).toBeVisible();
  const history = await user.request.get('/api/chat/history', { headers });
  expect(JSON.stringify(await history.json())).toContain('It is credited: 100 USDT.');

  // The operator sends an image from the inbox: it shows in the conversation at once, and the
  // user's chat page shows it too.
  await ops.getByTestId('chat-image-input').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: png(48, [220, 80, 60]),
  });
  const sentImage = ops.locator('[data-testid^="chat-message-"] img');
  await expect(sentImage).toHaveCount(1);
  await expect(sentImage).toBeVisible();
  await expect.poll(() => sentImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await consoleShot(ops, 'chat');
  await open(user, '/pages/help-center/chat');
  const theirs = user.getByTestId(TID.chat.list).locator('[data-sender="operator"]');
  await expect(theirs).toHaveCount(2);
  const received = theirs.locator('img');
  await expect(received).toBeVisible();
  await expect.poll(() => received.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);

  for (const screen of [
    'withdrawals',
    'config',
    'operators',
    'subscriptions',
    'feedback',
    'help',
    'banners',
    'notices',
    'outbox',
    'users',
  ]) {
    await ops.getByTestId(`nav-${screen}`).click();
    await expect(ops.locator('.ant-layout-content')).not.toBeEmpty();
    await consoleShot(ops, screen);
    if (screen === 'config') {
      // Editing a coin shows its networks by name, so saving it as it is keeps them.
      await ops.getByTestId('edit-coins-3').click();
      const networks = ops
        .locator('.ant-modal')
        .getByLabel('Networks (comma separated, e.g. TRC20, ERC20, BANK)', { exact: true });
      await expect(networks).toHaveValue(/^[A-Z0-9_-]+(, [A-Z0-9_-]+)*$/);
      await ops.locator('.ant-modal').getByRole('button', { name: 'Cancel' }).click();
      await expect(ops.locator('.ant-modal')).toBeHidden();
    }
  }
});

test('an operator reviews with context: basic data beside the ID photos, a corrected deposit, the chat panel', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const me = await registerByApi(request, 'context');
  const headers = me.headers;
  const admin = await request.post('/api/admin/login', { form: ADMIN });
  const operator = { Authorization: (await admin.json()).message.token as string };
  const uploadPng = async (rgb: [number, number, number]) => {
    const response = await request.post('/api/upload', {
      headers,
      multipart: { file: { name: 'id.png', mimeType: 'image/png', buffer: png(96, rgb) } },
    });
    return (await response.json()).message.url as string;
  };

  // Basic verification passed; advanced (photos and address) waits for review.
  expect(
    (
      await request.post('/api/user/real_name', {
        headers,
        form: { country: 'Japan', name: 'Hanako Yamada', id_number: 'TK7654321' },
      })
    ).ok(),
  ).toBe(true);
  const basics = await request.get('/api/admin/kyc?level=basic', { headers: operator });
  const basic = (await basics.json()).message.list.find(
    (k: { user_id: number }) => k.user_id === me.user.id,
  );
  expect((await request.post(`/api/admin/kyc/${basic.id}/pass`, { headers: operator })).ok()).toBe(
    true,
  );
  const photos = {
    front: await uploadPng([40, 120, 200]),
    back: await uploadPng([200, 120, 40]),
    hand: await uploadPng([40, 160, 90]),
  };
  expect(
    (
      await request.post('/api/user/real_name2', {
        headers,
        form: { address: '1-1 Chiyoda, Tokyo', ...photos },
      })
    ).ok(),
  ).toBe(true);

  // A deposit reported as 100 USDT, of which 95.5 arrived; and a question in the chat.
  const voucher = await uploadPng([23, 131, 222]);
  const reported = await request.post('/api/wallet/charge_req', {
    headers,
    form: { currency_id: '3', network: 'TRC20', number: '100', voucher },
  });
  const depositId: number = (await reported.json()).message.id;
  const sent = await request.post('/api/chat/send', {
    headers,
    form: { body: 'I sent 100 USDT, only 95.5 arrived?', client_id: crypto.randomUUID() },
  });
  expect(sent.ok()).toBe(true);

  const ops = await consolePage(browser);
  await login(ops);

  // KYC: the advanced check shows the verified basic data beside its photos.
  await ops.getByTestId('nav-kyc').click();
  const kycRow = ops.locator('tr.ant-table-row', { hasText: me.email });
  await expect(kycRow).toContainText('advanced');
  await expect(kycRow).toContainText('Hanako Yamada');
  const evidence = ops.locator('.ant-table-expanded-row', { hasText: '1-1 Chiyoda, Tokyo' });
  await expect(evidence).toContainText('From the verified basic check');
  await expect(evidence).toContainText('Japan');
  await expect(evidence).toContainText('TK7654321');
  await expect(evidence.locator('img')).toHaveCount(3);
  for (const img of await evidence.locator('img').all())
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(96);
  await consoleShot(ops, 'kyc-advanced');
  await kycRow.getByRole('button', { name: 'Pass' }).click();
  await ops.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(ops.locator('tr.ant-table-row', { hasText: me.email })).toHaveCount(0);

  // Deposit: a bad credited amount is refused with the server's message; 95.5 is credited.
  await ops.getByTestId('nav-deposits').click();
  const row = ops.locator('tr.ant-table-row', { hasText: me.email });
  await row.getByRole('button', { name: 'Pass' }).click();
  const confirm = ops.locator('.ant-popconfirm');
  await confirm.getByTestId(`credited-${depositId}`).fill('95.5.1');
  await consoleShot(ops, 'deposit-credited-form');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(ops.getByText('Please enter a valid amount')).toBeVisible();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Pass' }).click();
  await confirm.getByTestId(`credited-${depositId}`).fill('95.5');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(ops.locator('tr.ant-table-row', { hasText: me.email })).toHaveCount(0);
  await ops.locator('.ant-segmented').getByText('passed', { exact: true }).click();
  const passedRow = ops.locator('tr.ant-table-row', { hasText: me.email });
  await expect(passedRow).toContainText('95.5 USDT');
  await expect(ops.getByTestId(`credited-amount-${depositId}`)).toHaveText('95.5 USDT');
  await consoleShot(ops, 'deposit-credited');

  // The user's record carries both amounts; the books balance.
  const log = await request.get('/api/charge_mention/log2', { headers });
  expect((await log.json()).message.list[0]).toMatchObject({
    id: depositId,
    status: 'passed',
    number: '100.0000',
    credited_amount: '95.5000',
  });
  await expectBooksBalanced(request);

  // Chat: beside the conversation, who writes, their KYC and latest money requests.
  await ops.getByTestId('nav-chat').click();
  await ops.getByText('I sent 100 USDT, only 95.5 arrived?').first().click();
  const panel = ops.getByTestId('chat-context');
  await expect(panel.getByTestId('chat-context-id')).toHaveText(`#${me.user.id}`);
  await expect(panel).toContainText(me.email);
  await expect(panel.getByTestId('chat-context-kyc-basic')).toHaveText('verified');
  await expect(panel).toContainText('KYC advanced');
  const deposits = panel.getByTestId('chat-context-deposits');
  await expect(deposits).toContainText('95.5 USDT');
  await expect(deposits).toContainText('passed');
  await expect(panel.getByTestId('chat-context-withdrawals')).toContainText('None yet');
  await consoleShot(ops, 'chat-context');
  // Leave the inbox: an open inbox marks users' messages delivered in later tests.
  await ops.context().close();
});

test('a support operator sees only the support screens, and the API refuses the rest', async ({
  browser,
  request,
}) => {
  const email = `support-${Date.now()}@demo.local`;
  // A new operator waits for a second admin: the demo's approver approves it.
  const created = await addOperator(request, {
    email,
    password: 'support-password-1',
    role: 'support',
  });
  expect(created.ok).toBe(true);

  const ops = await consolePage(browser);
  await ops.goto('/admin/');
  await ops.getByTestId('login-email').fill(email);
  await ops.getByTestId('login-password').fill('support-password-1');
  await ops.getByTestId('login-submit').click();
  await expect(ops.getByTestId('operator-role')).toHaveText('support');
  await expect(ops.getByTestId('nav-chat')).toBeVisible();
  for (const hidden of ['deposits', 'kyc', 'config', 'operators', 'audit'])
    await expect(ops.getByTestId(`nav-${hidden}`)).toHaveCount(0);
  await ops.goto('/admin/#/deposits');
  await expect(ops.getByText('Your role cannot open this page.')).toBeVisible();
  await consoleShot(ops, 'support-forbidden');
  const support = await request.post('/api/admin/login', {
    form: { email, password: 'support-password-1' },
  });
  const supportToken: string = (await support.json()).message.token;
  for (const path of ['deposits', 'kyc', 'audit', 'operators', 'config/coins'])
    expect(
      (
        await request.get(`/api/admin/${path}`, { headers: { Authorization: supportToken } })
      ).status(),
    ).toBe(403);
});

test("at a phone's width the menu waits behind its tab and closes once a screen is chosen", async ({
  browser,
  request,
}) => {
  // A withdrawal waiting for review: its Pass and Reject must be reachable at 375 px.
  const asker = await registerByApi(request, 'phone-queue');
  const waiting = await withdrawal(request, asker, '100', '20');
  const ops = await consolePage(browser);
  await ops.setViewportSize({ width: 375, height: 812 });
  await ops.goto('/admin/');
  await ops.getByTestId('login-email').fill(ADMIN.email);
  await ops.getByTestId('login-password').fill(ADMIN.password);
  await ops.getByTestId('login-submit').click();
  await expect(ops.getByTestId('operator-role')).toHaveText('admin');
  await expect(ops.getByTestId('nav-deposits')).not.toBeInViewport();
  // The page has the whole width: its title is not squeezed beside a 220 px menu.
  const title = await ops.getByRole('heading', { name: 'Dashboard', level: 5 }).boundingBox();
  expect(title!.x).toBeLessThan(60);
  await ops.locator('.ant-layout-sider-zero-width-trigger').click();
  await expect(ops.getByTestId('nav-deposits')).toBeInViewport();
  await consoleShot(ops, 'menu-375');
  await ops.getByTestId('nav-deposits').click();
  await expect(ops.getByRole('heading', { name: 'Deposits', level: 5 })).toBeVisible();
  await expect(ops.getByTestId('nav-deposits')).not.toBeInViewport();
  // Wide tables scroll inside themselves; the page itself never scrolls sideways.
  const screens = ['dashboard', 'deposits', 'withdrawals', 'chain', 'users', 'notices', 'outbox'];
  for (const screen of [...screens, 'audit', 'operators', 'security']) {
    await ops.goto(`/admin/#/${screen}`);
    await expect(ops.locator('.ant-table').first()).toBeVisible();
    const overflow = await ops.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${screen} at 375 px`).toBeLessThanOrEqual(0);
    await consoleShot(ops, `${screen}-375`);
  }
  // The dashboard's queue labels keep a margin inside their cards.
  await ops.goto('/admin/#/dashboard');
  for (const queue of ['kyc', 'deposits', 'withdrawals', 'subscriptions']) {
    const card = ops.getByTestId(`queue-count-${queue}`);
    const room = await card.evaluate((c) => {
      const box = c.getBoundingClientRect();
      const title = c.querySelector('.ant-statistic-title')!;
      const text = document.createRange();
      text.selectNodeContents(title);
      const words = text.getBoundingClientRect();
      return { left: words.left - box.left, right: box.right - words.right };
    });
    expect(room.left, `${queue} label, left`).toBeGreaterThanOrEqual(8);
    expect(room.right, `${queue} label, right`).toBeGreaterThanOrEqual(8);
  }
  // The withdrawal's decision stays on screen beside the scrolling table; its address is whole.
  await ops.goto('/admin/#/withdrawals');
  for (const button of [`pass-${waiting}`, `reject-${waiting}`]) {
    const box = (await ops.getByTestId(button).boundingBox())!;
    expect(box.x + box.width, `${button} inside the screen`).toBeLessThanOrEqual(375);
    await expect(ops.getByTestId(button)).toBeInViewport({ ratio: 1 });
  }
  const address = ops.locator('code', { hasText: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }).first();
  await address.scrollIntoViewIfNeeded();
  const whole = await address.evaluate((a) => {
    const box = a.getBoundingClientRect();
    return { right: box.right, cut: a.scrollWidth - a.clientWidth };
  });
  expect(whole.right, 'the address inside the screen').toBeLessThanOrEqual(375);
  expect(whole.cut, 'the address not cut').toBeLessThanOrEqual(0);
  await consoleShot(ops, 'withdrawal-decide-375');

  // A user's details open in a drawer as wide as the phone, their grid one column wide.
  await ops.goto('/admin/#/users');
  await ops.locator('.ant-table-row').first().click();
  const drawer = ops.locator('.ant-drawer-section');
  await expect(drawer.locator('.ant-descriptions')).toBeVisible();
  const fits = await drawer.evaluate((d) => ({
    width: d.getBoundingClientRect().width,
    inside: d.querySelector('.ant-drawer-body')!.scrollWidth - d.clientWidth,
  }));
  expect(fits.width, 'the drawer').toBeLessThanOrEqual(375);
  expect(fits.inside, 'what the drawer holds').toBeLessThanOrEqual(0);
  await consoleShot(ops, 'user-detail-375');
  await ops.context().close();
});
