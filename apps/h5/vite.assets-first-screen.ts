import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { pageFiles } from './vite.landing-preload.ts';
import { escapeHtml, LOCALE_TAGS, lookup, messagesOf, source } from './vite.first-screen-kit.ts';

/**
 * The assets tab's first screen before any script of the app: a cold start there with a stored
 * session draws, in place of the splash and while the HTML is parsed, what the page's first
 * render shows before its data (src/pages/assets/index): the title, the total and the cards as
 * "--", the quick entries, the notes and the tab bar, at the same sizes, so React's first commit
 * replaces it without moving or growing anything. It shows no balance and needs no answer from
 * the server (the demo funds row, known only from the settings, comes last on the page).
 * English is in the HTML; the other languages' texts are one small file (assets/).
 */
const ROUTE = '/pages/assets/index';
/** The languages other than English, and their tags. */
const TAGS = Object.fromEntries(Object.entries(LOCALE_TAGS).filter(([locale]) => locale !== 'en'));

const fail = (what: string): never => {
  throw new Error(`assets first screen: ${what} (vite.assets-first-screen.ts)`);
};

/** What the page's first render draws, read from its sources; a change there fails the build. */
function shape() {
  const file = pageFiles().get(ROUTE) ?? fail(`no ${ROUTE} in routes.ts`);
  const page = source(`.${file}`);
  for (const key of ['tabPages.assets.title', 'assets.total', 'assets.valueNote', 'proof.entry'])
    if (!page.includes(`t('${key}'`)) fail(`the page no longer shows ${key}: update it`);
  const quick = [...page.matchAll(/\{ key: '(\w+)', to: '[^']+', Icon: \w+ \}/g)].map((m) => m[1]!);
  const accounts = /SUB_ACCOUNT_NAMES = \[([^\]]+)\]/.exec(
    source('../../packages/protocol/src/sub-accounts.ts'),
  )?.[1];
  const currency = /DEFAULT_CURRENCY: PricingCurrency = '(\w+)'/.exec(
    source('./src/features/pricing/currencies.ts'),
  )?.[1];
  const tabs = [
    ...source('./src/app/tabs.ts').matchAll(/key: '(\w+)', path: '[^']+', label: '([\w.]+)'/g),
  ];
  if (!quick.length || !accounts || !currency || !tabs.length) fail('its sources changed');
  return {
    quick,
    accounts: [...accounts!.matchAll(/'(\w+)'/g)].map((m) => m[1]!),
    currency: currency!,
    tabs: tabs.map((m) => ({ key: m[1]!, label: m[2]! })),
  };
}

/**
 * The shell (root, page, navigation bar, tab bar, icons, colours) is drawn with home's first
 * screen's classes (vite.home-first-screen.ts, in every index.html): the same boxes as React's.
 */
const SHELL = [
  '.hx-first{',
  '.f-page{',
  '.f-nav{',
  '.f-side{',
  '.f-title{',
  '.f-ib{',
  '.f-body{',
  '.f-tabs{',
  '.f-tab{',
  '.f-i{',
];

// The page's own boxes in money.css's measures; the tab bar's active tab is the last, not home.
const CSS = `.fa-head{margin:12px;padding:18px 16px 12px;border-radius:12px;background:var(--h);color:#fff}
.fa-label{opacity:.85}
.fa-total{margin:6px 0 16px;font-size:28px;font-weight:700}
.fa-quick{display:grid;grid-auto-columns:1fr;grid-auto-flow:column}
.fa-q{display:flex;flex-direction:column;align-items:center;gap:4px;padding:6px 0;font-size:12px}.fa-q .f-i{font-size:22px}
.fa-cards{margin:0 12px;padding:0;list-style:none}
.fa-card{display:flex;align-items:center;gap:8px;margin-bottom:8px;padding:16px;border-radius:10px;background:var(--s);font-size:15px}
.fa-card b{flex:1;font-weight:600}.fa-card .f-i{color:var(--wk)}
.hx-first .fa-note{margin:4px 16px 16px;color:var(--wk);font-size:12px;line-height:1.5}.fa-note+.fa-note{color:var(--br)}
.fa-tabs .f-tab:first-child{color:var(--wk)}.fa-tabs .fa-on{color:var(--br)}`;

/** Each language's texts, in the order `draw` below reads them. */
function texts() {
  const page = shape();
  const keys = [
    ...['tabPages.assets.title', 'assets.total', 'assets.valueNote', 'proof.entry'],
    ...page.quick.map((key) => `assets.quick.${key}`),
    ...page.accounts.map((name) => `money.accounts.${name}`),
    ...page.tabs.map((tab) => tab.label),
  ];
  const en = messagesOf('en');
  const list = (messages: unknown) => {
    const texts = keys.map((key) =>
      escapeHtml(lookup(messages, key) ?? lookup(en, key) ?? fail(`no text for ${key}`)),
    );
    texts[1] = texts[1]!.split('{{currency}}').join(page.currency);
    return texts;
  };
  const others = Object.fromEntries(
    Object.keys(TAGS).map((locale) => [locale, list(messagesOf(locale))]),
  );
  const json = JSON.stringify(others);
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 8);
  const active = page.tabs.findIndex((tab) => tab.key === 'assets');
  if (active < 0) fail('no assets tab in tabs.ts');
  return {
    english: list(en),
    others: { json, fileName: `assets/assets-first-${hash}.json` },
    quick: page.quick.length,
    accounts: page.accounts.length,
    tabs: page.tabs.length,
    active,
  };
}

/** The script drawing the page from `s`, the texts (markup as the page's first render). */
function draw({ quick, accounts, tabs, active }: ReturnType<typeof texts>): string {
  const from = { quick: 4, accounts: 4 + quick, tabs: 4 + quick + accounts };
  return `var i = '<i class="f-i"></i>', q = '', c = '', t = '', k;
    for (k = 0; k < ${quick}; k++) q += '<div class="fa-q">' + i + '<span>' + s[${from.quick} + k] + '</span></div>';
    for (k = 0; k < ${accounts}; k++) c += '<li class="fa-card"><b>' + s[${from.accounts} + k] + '</b><span>--</span>' + i + '</li>';
    for (k = 0; k < ${tabs}; k++) t += '<div class="f-tab' + (k === ${active} ? ' fa-on' : '') + '">' + i + '<span>' + s[${from.tabs} + k] + '</span></div>';
    root.innerHTML = '<div class="hx-first" aria-hidden="true"><div class="f-page"><div class="f-nav"><div class="f-side"></div><h1 class="f-title">' + s[0] +
      '</h1><div class="f-side"><b class="f-ib">' + i + '</b></div></div><div class="f-body"><div class="fa-head"><div class="fa-label">' + s[1] +
      '</div><div class="fa-total">--</div><div class="fa-quick">' + q + '</div></div><ul class="fa-cards">' + c +
      '</ul><p class="fa-note">' + s[2] + '</p><p class="fa-note">' + s[3] + '</p></div></div><div class="f-tabs fa-tabs">' + t + '</div></div>';`;
}

export function assetsFirstScreen(): Plugin {
  let made: ReturnType<typeof texts> | undefined;
  const all = () => (made ??= texts());
  return {
    name: 'hx-assets-first-screen',
    apply: 'build',
    buildStart() {
      made = undefined;
    },
    generateBundle() {
      const { fileName, json } = all().others;
      this.emitFile({ type: 'asset', fileName, source: json });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const made = all();
        // Texts are escaped (no `<`), so nothing in them can end the script. Not drawn over the
        // app if it is there already (a language's texts came late).
        const script = `(function () {
  if (location.hash.replace(/^#/, '').split('?')[0] !== '${ROUTE}') return;
  var lang = null, session = null;
  try { lang = localStorage.getItem('hx.lang'); session = JSON.parse(localStorage.getItem('hx.session')); } catch (e) {}
  if (!session || !session.token || !session.user) return;
  var tag = ${JSON.stringify(TAGS)}[lang];
  function draw(s) {
    var root = document.getElementById('root');
    var splash = root && root.firstElementChild;
    if (!s || !splash || splash.className !== 'hx-splash') return;
    if (tag) document.documentElement.lang = tag;
    ${draw(made)}
  }
  if (!tag) return draw(${JSON.stringify(made.english)});
  fetch('/h5/${made.others.fileName}').then(function (r) { return r.json(); }).then(function (all) { draw(all[lang]); }, function () {});
})();`;
        // #root holds the splash alone (a div with no div inside): the second </div> closes it.
        const root = html.indexOf('<div id="root">');
        const splash = html.indexOf('</div>', root);
        const at = html.indexOf('</div>', splash + 6) + 6;
        if (root < 0 || splash < 0 || at < 6 || !html.slice(root, splash).includes('hx-splash'))
          fail('no #root holding the splash in index.html');
        const missing = SHELL.filter((rule) => !html.includes(rule));
        if (missing.length) fail(`home's first screen no longer styles ${missing.join(' ')}`);
        return (
          html.slice(0, at).replace('</head>', `<style>\n${CSS}\n</style>\n</head>`) +
          `\n<script>\n${script}\n</script>` +
          html.slice(at)
        );
      },
    },
  };
}
