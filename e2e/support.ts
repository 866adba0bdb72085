import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

import { TID } from '../apps/h5/src/testids.ts';
import { baseURL } from './fixtures.ts';

export { TID };
/** This worker's server: its address (for contexts a test opens itself), port and data folder. */
export { baseURL, dataDir, port } from './fixtures.ts';
export { consoleShot, shoot, snapshot, snapshotSchemes, snapshotThemes } from './screenshots.ts';

type Tree = { [key: string]: string | Tree };
/** A locale file of the app, to expect exactly what a user of that language reads. */
export function messages(locale: string): Tree {
  return JSON.parse(
    readFileSync(new URL(`../apps/h5/src/i18n/locales/${locale}.json`, import.meta.url), 'utf8'),
  );
}
export function text(tree: Tree, path: string): string {
  const value = path
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, key) => (typeof node === 'object' ? node[key] : undefined),
      tree,
    );
  if (typeof value !== 'string') throw new Error(`no message at ${path}`);
  return value;
}

/** Opens a route of the app, e.g. '/pages/user/login/login' (at `origin`, else the base URL). */
export async function open(page: Page, route: string, origin = '') {
  await page.goto(`${origin}/h5/#${route}`);
}

/** Chooses the app's theme on its settings page, as a user does. */
export async function setTheme(page: Page, theme: 'light' | 'dark') {
  await open(page, '/pages/settings/index');
  await page.getByTestId(TID.theme(theme)).click();
  await expect(page.locator('html')).toHaveAttribute('data-prefers-color-scheme', theme);
}

/** A fresh server back-fills history first: waits until BTCUSDT's contract has a recorded price. */
export async function recordedBtc(request: APIRequestContext, me: { Authorization: string }) {
  let pair: { price: string | null; maintenance_ratio: string; spread: string } | undefined;
  await expect
    .poll(
      async () => {
        const deal = await request.post('/api/lever/deal', { headers: me });
        pair = (await deal.json()).message.pairs.find(
          (p: { symbol: string }) => p.symbol === 'BTCUSDT',
        );
        return pair?.price ?? null;
      },
      { timeout: 90_000, intervals: [2000] },
    )
    .not.toBeNull();
  return pair!;
}

/**
 * The shell's notices have loaded (after the first screen): the live notifications' listener,
 * which toasts a push, and reduced motion for antd-mobile's popups. Their stylesheet (the
 * toasts' colour) applies and their chunk has arrived; it mounts within the next frames.
 */
export async function shellNoticesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      getComputedStyle(document.documentElement).getPropertyValue('--hx-toast-bg') !== '' &&
      performance
        .getEntriesByType('resource')
        .some((entry) => /\/ShellNotices-[\w-]+\.js$/.test(entry.name)),
  );
  await renderedFrames(page);
}

/** Two frames rendered: what the page does in answer to what just happened is on screen. */
export async function renderedFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/** The latest code the demo outbox holds for an email or area code + phone. */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      code = (await response.json()).message.list[0]?.code;
      return code;
    })
    .toBeTruthy();
  return code!;
}

export const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A small PNG made here: `size`×`size` pixels of one colour. */
export function png(size = 8, rgb: [number, number, number] = [23, 131, 222]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.from([0, ...Array.from({ length: size }, () => rgb).flat()]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A user made through the API, as the register page would: email, session token and user. */
export interface ApiUser {
  email: string;
  password: string;
  token: string;
  user: { id: number; invite_code: string };
  /** The `Authorization` header of this user. */
  headers: { Authorization: string };
}

export async function registerByApi(
  request: APIRequestContext,
  name: string,
  password = `${name}-secret`,
): Promise<ApiUser> {
  const email = uniqueEmail(name);
  expect((await request.post('/api/sms_mail', { form: { email, scene: 'register' } })).ok()).toBe(
    true,
  );
  const code = await latestCode(request, email);
  const response = await request.post('/api/user/register', {
    form: { account: email, code, password, re_password: password, agree: '1' },
  });
  expect(response.ok()).toBe(true);
  const { token, user } = (await response.json()).message;
  return { email, password, token, user, headers: { Authorization: token } };
}

/**
 * Registers through the app's register page by email, with the code from the outbox and the
 * password `<name>-secret`; answers the email once home shows.
 */
export async function registerInApp(
  page: Page,
  request: APIRequestContext,
  name: string,
): Promise<string> {
  const email = uniqueEmail(name);
  await open(page, '/pages/user/login/register');
  await page.getByTestId(TID.accountTab.email).click();
  await page.getByTestId(TID.register.account).fill(email);
  await page.getByTestId(TID.sendCode).click();
  await page.getByTestId(TID.register.code).fill(await latestCode(request, email));
  await page.getByTestId(TID.register.password).fill(`${name}-secret`);
  await page.getByTestId(TID.register.confirm).fill(`${name}-secret`);
  await page.getByTestId(TID.register.agree).click();
  await page.getByTestId(TID.register.submit).click();
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();
  return email;
}

/** Opens the app already signed in as `user`, the way the app keeps its session. */
export async function signIn(page: Page, user: ApiUser): Promise<void> {
  await page.addInitScript(
    (session) => localStorage.setItem('hx.session', session),
    JSON.stringify({ token: user.token, user: user.user, version: 'e2e' }),
  );
}

/** Logs in through the login page with email and password (at `origin`, else the base URL). */
export async function logIn(
  page: Page,
  email: string,
  password: string,
  origin = '',
): Promise<void> {
  await open(page, '/pages/user/login/login', origin);
  await page.getByTestId(TID.accountTab.email).click();
  await page.getByTestId(TID.login.account).fill(email);
  await page.getByTestId(TID.login.password).fill(password);
  await page.getByTestId(TID.login.submit).click();
  await expect(page.getByTestId(TID.tab.home)).toBeVisible();
}

/** The demo operator's `Authorization` header. */
export async function operator(request: APIRequestContext): Promise<{ Authorization: string }> {
  const login = await request.post('/api/admin/login', {
    form: { email: 'admin@demo.local', password: 'admin123456' },
  });
  return { Authorization: (await login.json()).message.token as string };
}

/**
 * Adds an operator as the demo admin, approved by the demo's second admin (a new operator
 * waits for four eyes); answers as the create call would have before: the operator.
 */
export async function addOperator(
  request: APIRequestContext,
  data: { email: string; password: string; role: string },
): Promise<{ ok: boolean; id: number }> {
  const asked = await request.post('/api/admin/operators', {
    headers: await operator(request),
    data,
  });
  const { pending } = (await asked.json()).message as { pending: { id: number } };
  const login = await request.post('/api/admin/login', {
    form: { email: 'approver@demo.local', password: 'approver123456' },
  });
  const approver = { Authorization: (await login.json()).message.token as string };
  const approved = await request.post(`/api/admin/operators/actions/${pending.id}/approve`, {
    headers: approver,
  });
  const list = await request.get('/api/admin/operators', { headers: approver });
  const made = ((await list.json()).message as { id: number; email: string }[]).find(
    (o) => o.email === data.email.toLowerCase(),
  );
  return { ok: asked.ok() && approved.ok() && made !== undefined, id: made?.id ?? 0 };
}

export const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const FUND_PASSWORD = '246810';

/** Basic KYC passed by the operator, a fund password and a TRC20 address: ready to withdraw. */
export async function readyToWithdraw(request: APIRequestContext, user: ApiUser): Promise<number> {
  const headers = user.headers;
  const kyc = await request.post('/api/user/real_name', {
    headers,
    form: { country: 'JP', name: 'Hanako Yamada', id_number: 'TK1234567' },
  });
  expect(kyc.ok()).toBe(true);
  const ops = await operator(request);
  const queue = await request.get('/api/admin/kyc?status=review&limit=100', { headers: ops });
  const item = ((await queue.json()).message.list as { id: number; user_id: number }[]).find(
    (k) => k.user_id === user.user.id,
  );
  expect((await request.post(`/api/admin/kyc/${item!.id}/pass`, { headers: ops })).ok()).toBe(true);
  const code = async (scene: string) => {
    const sent = await request.post('/api/sms_mail', { form: { email: user.email, scene } });
    expect(sent.ok()).toBe(true);
    return latestCode(request, user.email);
  };
  const fund = await request.post('/api/user/e_pwd', {
    headers,
    form: {
      pay_password: FUND_PASSWORD,
      re_pay_password: FUND_PASSWORD,
      code: await code('security'),
    },
  });
  expect(fund.ok()).toBe(true);
  const address = await request.post('/api/wallet/addaddress', {
    headers,
    form: {
      currency_id: '3',
      network: 'TRC20',
      address: TRC20_ADDRESS,
      pay_password: FUND_PASSWORD,
      code: await code('address'),
    },
  });
  expect(address.ok()).toBe(true);
  return (await address.json()).message.id as number;
}

/** `readyToWithdraw` and `funds` USDT: the user asks to withdraw `out`; answers its id. */
export async function withdrawal(
  request: APIRequestContext,
  user: ApiUser,
  funds: string,
  out: string,
) {
  const addressId = await readyToWithdraw(request, user);
  await depositUsdt(request, user, funds);
  const asked = await request.post('/api/wallet/out', {
    headers: user.headers,
    form: {
      currency_id: '3',
      address_id: String(addressId),
      number: out,
      pay_password: FUND_PASSWORD,
    },
  });
  expect(asked.ok()).toBe(true);
  return (await asked.json()).message.id as number;
}

/** The operator's books check: every coin's postings sum to zero, every balance matches them. */
export async function expectBooksBalanced(request: APIRequestContext): Promise<void> {
  const check = await request.get('/api/admin/ledger/check', { headers: await operator(request) });
  expect((await check.json()).message.balanced).toBe(true);
}

/** A USDT deposit over TRC20 with a voucher, passed by the operator. */
export async function depositUsdt(request: APIRequestContext, user: ApiUser, number: string) {
  const upload = await request.post('/api/upload', {
    headers: user.headers,
    multipart: { file: { name: 'voucher.png', mimeType: 'image/png', buffer: png() } },
  });
  const voucher: string = (await upload.json()).message.url;
  const charge = await request.post('/api/wallet/charge_req', {
    headers: user.headers,
    form: { currency_id: '3', network: 'TRC20', number, voucher },
  });
  expect(charge.ok()).toBe(true);
  const id: number = (await charge.json()).message.id;
  const pass = await request.post(`/api/admin/deposits/${id}/pass`, {
    headers: await operator(request),
  });
  expect(pass.ok()).toBe(true);
}

/** Moves USDT from the spot (currency) account to another sub-account. */
export async function moveUsdt(
  request: APIRequestContext,
  user: ApiUser,
  to: 'options' | 'contract' | 'trust',
  number: string,
) {
  const moved = await request.post('/api/wallet/change', {
    headers: user.headers,
    form: { from: 'currency', to, currency_id: '3', number },
  });
  expect(moved.ok()).toBe(true);
}

/**
 * A page of the operator console at a desktop size. Reduced motion, so a confirm's buttons are
 * where they stay when clicked (an opening popover once took a click meant for its OK).
 */
export async function consolePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

/** The operator console at a desktop size, logged in as the demo admin. */
export async function consoleAsAdmin(browser: Browser): Promise<Page> {
  const ops = await consolePage(browser);
  await ops.goto('/admin/');
  await ops.getByTestId('login-email').fill('admin@demo.local');
  await ops.getByTestId('login-password').fill('admin123456');
  await ops.getByTestId('login-submit').click();
  await expect(ops.getByTestId('operator-role')).toHaveText('admin');
  return ops;
}

export interface PriceAlert {
  id: number;
  symbol: string;
  condition: string;
  price: string | null;
  fired_at: number | null;
  fired_price: string | null;
}

/** The user's price alerts, as the server lists them. */
export async function priceAlerts(
  request: APIRequestContext,
  user: ApiUser,
): Promise<PriceAlert[]> {
  const response = await request.get('/api/alerts', { headers: user.headers });
  expect(response.ok()).toBe(true);
  return (await response.json()).message.list;
}

/** BTCUSDT's last recorded price. */
export async function lastBtcPrice(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/currency/futures_info?symbol=BTCUSDT');
  return Number((await response.json()).message.price);
}

/** BTCUSDT's index: the recorded price alerts watch (a spot pair's last trade may differ). */
export async function btcIndexPrice(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/index?symbol=BTCUSDT');
  return Number((await response.json()).message.price);
}

/**
 * BTCUSDT alerts one cent either side of the index, then the one the next recorded tick that
 * moves fires. A tick recorded between reading the price and creating an alert may already have
 * crossed it (ALERT_ALREADY_CROSSED): then read the price again.
 */
export async function fireBtcAlert(request: APIRequestContext, user: ApiUser): Promise<PriceAlert> {
  for (const condition of ['above', 'below'] as const) {
    await expect
      .poll(async () => {
        const cents = Math.round((await btcIndexPrice(request)) * 100);
        const level = condition === 'above' ? cents + 1 : cents - 1;
        const response = await request.post('/api/alerts', {
          headers: user.headers,
          form: { symbol: 'BTCUSDT', condition, price: (level / 100).toFixed(2) },
        });
        return response.status();
      })
      .toBe(200);
  }
  const fired = async () => (await priceAlerts(request, user)).find((a) => a.fired_at !== null);
  await expect.poll(fired, { timeout: 60_000 }).toBeDefined();
  return (await fired())!;
}

/** The demo market maker quotes BTC/USDT (it starts a little after the server): a buy can fill. */
export async function marketMakerQuoting(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/currency/deal?symbol=BTCUSDT');
        const deal = (await response.json()).message as { bids: unknown[]; asks: unknown[] };
        return Math.min(deal.bids.length, deal.asks.length);
      },
      { timeout: 90_000 },
    )
    .toBeGreaterThan(0);
}
