import { readFileSync } from 'node:fs';
import type { APIRequestContext, APIResponse, Browser, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { LOCALES, type Locale } from '../packages/protocol/src/locales.ts';
import { latestCode } from './support.ts';

/**
 * Every page of the app, in every language, at 375 px: no text cut off by its box and nothing
 * running past the right edge of the screen. Long words of Spanish and Thai, and the wider glyphs
 * of Chinese, Japanese and Korean, are what break a layout made in English.
 *
 * One browser context per language (the language chosen before the first paint, as the language
 * page leaves it in localStorage); the pages are reached by changing the hash, as the app's own
 * links do, so each page costs its data and not a reload.
 */

const DEMO = { email: 'demo@demo.local', password: 'demo123456', fundPassword: '123456' };
const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** Every page route, read from the route table itself so that a new page is checked too. */
const ROUTES = [
  ...readFileSync(new URL('../apps/h5/src/app/routes.ts', import.meta.url), 'utf8').matchAll(
    /\bpath: '([^']+)'/g,
  ),
].map((m) => m[1]!);

interface Ids {
  notice: number;
  article: number;
  project: number;
  product: number;
  withdrawal: number;
  option: number;
  bot: number;
}

/** An `Authorization` header of the demo user. */
async function demoLogin(request: APIRequestContext) {
  const response = await request.post('/api/user/login', {
    form: { account: DEMO.email, password: DEMO.password },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).message as { token: string; user: unknown };
}

async function message<T>(response: Promise<APIResponse>): Promise<T> {
  const body = await (await response).json();
  if (body.type !== 'ok') throw new Error(`${body.code}: ${body.message}`);
  return body.message as T;
}

/**
 * Ids the pages about one record open with, and records of the demo user so that its lists and
 * details have something to lay out: a custody order, an option order and a withdrawal.
 */
async function prepare(request: APIRequestContext, token: string): Promise<Ids> {
  const headers = { Authorization: token };
  const post = <T>(path: string, form: Record<string, string | number> = {}) =>
    message<T>(request.post(`/api/${path}`, { headers, form }));
  const get = <T>(path: string) => message<T>(request.get(`/api/${path}`, { headers }));

  const notices = await post<{ list: { id: number }[] }>('news/list');
  const articles = await get<{ list: { id: number }[] }>('help/list');
  const projects = await get<{ list: { id: number }[] }>('lh/send/product_info');
  const products = await get<{ id: number; min_amount: string }[]>('lh/deposit/product_info');
  const product = products[0]!;

  await post('wallet/change', { from: 'currency', to: 'trust', currency_id: 3, number: '200' });
  await post('lh/deposit', { product_id: product.id, amount: product.min_amount, agree: '1' });

  const periods = await get<{ seconds: number; min_amount: string }[]>('microtrade/seconds');
  const period = periods.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  await post('wallet/change', { from: 'currency', to: 'options', currency_id: 3, number: '100' });
  let option = 0;
  // The first start back-fills market history; an order needs a recorded price.
  await expect
    .poll(
      async () => {
        option = await post<{ id: number }>('microtrade/submit', {
          symbol: 'BTCUSDT',
          type: 'call',
          seconds: period.seconds,
          currency_id: 3,
          number: period.min_amount,
        }).then(
          (o) => o.id,
          () => 0,
        );
        return option;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBeGreaterThan(0);

  // A saved address (kept from an earlier run against the same database, or saved now).
  const saved = await post<{ list: { id: number }[] }>('wallet/get_address', { currency_id: 3 });
  let addressId = saved.list[0]?.id;
  if (!addressId) {
    await post('sms_mail', { email: DEMO.email, scene: 'address' });
    const code = await latestCode(request, DEMO.email);
    const address = await post<{ id: number }>('wallet/addaddress', {
      currency_id: 3,
      network: 'TRC20',
      address: TRC20_ADDRESS,
      label: 'Ledger',
      pay_password: DEMO.fundPassword,
      code,
    });
    addressId = address.id;
  }
  // At most 3 withdrawals a day: a rerun on the same database shows an earlier one.
  const withdrawal = await post<{ id: number }>('wallet/out', {
    currency_id: 3,
    address_id: addressId,
    number: '20',
    pay_password: DEMO.fundPassword,
  }).catch(async () => (await get<{ list: { id: number }[] }>('charge_mention/log3')).list[0]!);

  // A recurring buy that never buys (its price limit is far below the market): its runs are
  // skipped with a reason, which the bot's page words in each language. Kept from an earlier run.
  const bots = await get<{ list: { id: number; status: string }[] }>('bots');
  const bot =
    bots.list.find((b) => b.status === 'running') ??
    (await post<{ id: number }>('bots/recurring', {
      symbol: 'BTCUSDT',
      amount: '10',
      every: 'month',
      max_price: '1',
    }));

  return {
    notice: notices.list[0]!.id,
    article: articles.list[0]!.id,
    project: projects.list[0]!.id,
    product: product.id,
    withdrawal: withdrawal.id,
    option,
    bot: bot.id,
  };
}

/** The route with the parameters its page works on, or as it is. */
function withParams(route: string, ids: Ids): string {
  const query: Record<string, string> = {
    '/pages/trade/index': 'symbol=BTCUSDT',
    '/pages/trade/kline': 'symbol=BTCUSDT',
    '/pages/foreignExchange/details': 'symbol=EURUSD',
    '/pages/deposit/charge': 'currency_id=3&network=TRC20',
    '/pages/user/address/address': 'currency_id=3',
    '/pages/finance/buyPage': `id=${ids.product}`,
    '/pages/publication/details': `id=${ids.project}`,
    '/pages/publication/purchase': `id=${ids.project}`,
    '/pages/index/notice/notice': `id=${ids.notice}`,
    '/pages/help-center/detail': `id=${ids.article}`,
    '/pages/withdraw/detail': `id=${ids.withdrawal}`,
    '/pages/option/detail': `id=${ids.option}`,
    '/pages/bots/detail': `id=${ids.bot}`,
  };
  return query[route] ? `${route}?${query[route]}` : route;
}

/**
 * What is wrong on the page now, one line per element. Runs in the page. Three rules:
 * - a page scroller (scrolls vertically, taller than a toolbar) and the document do not scroll
 *   sideways;
 * - no box starts on screen and runs past its right edge, unless something short of the page
 *   clips it (a carousel, a horizontal tab list);
 * - no text is wider than its box: cut off by `overflow: hidden`, or spilling over its
 *   neighbours. An ellipsis is meant for data (addresses, names, summaries) and passes there;
 *   on a title, a tab or a button it hides the app's own words and fails.
 */
function findOverflow(): string[] {
  // The app's own words: a title, a tab or a button cut short is a translation too long.
  const COPY = 'h1, h2, h3, h4, h5, h6, [role="tab"], .adm-tabs-tab, .adm-button';
  const width = document.documentElement.clientWidth;
  const problems: string[] = [];
  const reported = new Set<Element>();
  const say = (el: Element, what: string) => {
    for (let p = el.parentElement; p; p = p.parentElement) if (reported.has(p)) return;
    reported.add(el);
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    problems.push(
      `${what}: <${el.tagName.toLowerCase()}${id ? ` ${id}` : ''}${cls ? ` .${cls}` : ''}> "${text}"`,
    );
  };
  if (document.documentElement.scrollWidth > width + 1)
    problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px`);

  const isScroller = (style: CSSStyleDeclaration, el: Element) =>
    /auto|scroll/.test(style.overflowY) && el.clientHeight >= 200;
  const styles = new Map<Element, CSSStyleDeclaration>();
  const styleOf = (el: Element) => {
    let s = styles.get(el);
    if (!s) styles.set(el, (s = getComputedStyle(el)));
    return s;
  };
  /** The right edge beyond which an ancestor (not a page scroller) hides the element. */
  const clipRight = (el: Element) => {
    let right = Infinity;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = styleOf(p);
      if (s.overflowX !== 'visible' && !isScroller(s, p))
        right = Math.min(right, p.getBoundingClientRect().right);
    }
    return right;
  };

  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg, canvas, script, style, template')) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    const style = styleOf(el);

    if (isScroller(style, el) && el.scrollWidth > el.clientWidth + 1) {
      say(el, `scrolls sideways by ${el.scrollWidth - el.clientWidth} px`);
      continue;
    }
    if (rect.left < width - 1 && rect.right > width + 1 && clipRight(el) > width + 1) {
      say(el, `runs ${Math.round(rect.right - width)} px past the right edge`);
      continue;
    }
    // Text wider than its own box, drawn over what is beside it.
    const ownText = [...el.childNodes].some(
      (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
    );
    if (ownText && style.overflowX === 'visible' && style.display !== 'inline')
      if (el.scrollWidth > el.clientWidth + 1)
        say(el, `text spills by ${el.scrollWidth - el.clientWidth} px`);
  }

  // Text cut off: partly behind the edge of the nearest box that hides what overflows it.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !(node.textContent ?? '').trim()) continue;
    if (parent.closest('svg, script, style, template, textarea')) continue;
    if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    if (text.width === 0) continue;
    for (let box: Element | null = parent; box && box !== document.body; box = box.parentElement) {
      const style = styleOf(box);
      if (style.overflowX === 'visible') continue;
      // Scrolling boxes (tab lists, tables, the page) show the rest on scrolling; the notice
      // bar scrolls a long notice past by itself.
      if (/auto|scroll/.test(style.overflowX) || box.matches('.adm-notice-bar-content')) break;
      const left = box.getBoundingClientRect().left + box.clientLeft;
      const right = left + box.clientWidth;
      if (text.left < right - 1 && text.right > right + 1) {
        const ellipsis = style.textOverflow === 'ellipsis';
        if (!ellipsis || box.closest(COPY))
          say(
            box,
            `text ${ellipsis ? 'ends in an ellipsis, cut' : 'is cut'} by ${Math.round(text.right - right)} px`,
          );
      }
      break;
    }
  }
  return problems;
}

/**
 * Opens `hash` and waits until its page is there: a new page frame (each route gets its own),
 * its code loaded, no animation of a set length running, and no API request for 100 ms.
 */
async function openPage(page: Page, hash: string, inFlight: () => number) {
  await page.evaluate((to) => {
    if (location.hash === `#${to}`) return;
    for (const old of document.querySelectorAll('.hx-page')) old.setAttribute('data-left', '');
    location.hash = to;
  }, hash);
  await page.waitForFunction(
    () =>
      document.querySelector('.hx-page:not([data-left])') !== null &&
      document.querySelector('.hx-placeholder[aria-busy]') === null &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    null,
    { polling: 'raf', timeout: 20_000 },
  );
  // A page asks for its data once rendered, and sometimes for more once that arrives: until none
  // has been in flight for 100 ms (a page still asking after 10 s is checked as it is).
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (inFlight() > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 100;
      },
      { intervals: [25], timeout: 10_000 },
    )
    .toBe(true)
    .catch(() => undefined);
}

test('every route of the route table is read', () => {
  expect(ROUTES.length).toBeGreaterThan(50);
  expect(ROUTES).toContain('/pages/index/index');
});

/** Every route in one language, in a context of its own; the findings as lines. */
async function checkLocale(
  browser: Browser,
  baseURL: string | undefined,
  locale: Locale,
  login: { token: string; user: unknown },
  ids: Ids,
): Promise<string[]> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    // No slide-in between pages: the layout is the same, 260 ms a page sooner.
    reducedMotion: 'reduce',
  });
  await context.addInitScript(
    ({ session, lang }) => {
      localStorage.setItem('hx.session', session);
      localStorage.setItem('hx.lang', lang);
    },
    { session: JSON.stringify({ ...login, version: 'e2e' }), lang: locale },
  );
  const page = await context.newPage();
  let inFlight = 0;
  const counts = (r: Request) => r.url().includes('/api/');
  page.on('request', (r) => void (counts(r) && inFlight++));
  page.on('requestfinished', (r) => void (counts(r) && inFlight--));
  page.on('requestfailed', (r) => void (counts(r) && inFlight--));

  await page.goto('/h5/#/pages/index/index');
  const found: string[] = [];
  for (const route of ROUTES) {
    const target = withParams(route, ids);
    await openPage(page, target, () => inFlight);
    // Transitions and late data may still move things: what stays for a second is a finding.
    let problems: string[] = [];
    await expect
      .poll(async () => (problems = await page.evaluate(findOverflow)), {
        timeout: 1500,
        intervals: [100, 250, 500],
      })
      .toEqual([])
      .catch(() => found.push(...problems.map((p) => `${locale} ${target} — ${p}`)));
  }
  await context.close();
  return found;
}

test('no page overflows at 375 px in any language', async ({ browser, baseURL, request }) => {
  // About 2.5 min on a quiet machine, 9.2 in CI beside the other worker: every route in seven
  // languages.
  test.setTimeout(900_000);
  const login = await demoLogin(request);
  const ids = await test.step('records to show', () => prepare(request, login.token));
  // Most of a page's time is React holding a just-loaded page back (its Suspense throttle,
  // 300 ms), not work: the languages go side by side, each in its own context.
  const queue = [...LOCALES];
  const found: string[] = [];
  const worker = async () => {
    for (let locale = queue.shift(); locale; locale = queue.shift())
      found.push(...(await checkLocale(browser, baseURL, locale, login, ids)));
  };
  await test.step(LOCALES.join(' '), () => Promise.all([worker(), worker(), worker()]));
  found.sort();
  expect(found, found.join('\n')).toEqual([]);
});
