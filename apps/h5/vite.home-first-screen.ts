import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { HOME, pageFiles } from './vite.landing-preload.ts';
import { escapeHtml, LOCALE_TAGS, lookup, messagesOf, source } from './vite.first-screen-kit.ts';

/**
 * Home's first screen before any script or stylesheet of the app: a cold start at home asks for
 * the server's settings with the HTML and, once they are in, draws in place of the splash what
 * HomePage's first render shows (its boxes and texts at the same sizes, icons as faint squares),
 * in the stored language and theme, styled here alone. Only what is true without data: the
 * settings' name and mode, the page's fixed texts; for a visitor (with a stored session the
 * splash stays). React replaces it on its first commit; `configQuery` takes the same answer
 * (window.__hxConfig), so the settings are asked for once.
 * English is in the HTML; another language's texts are a small file of their own (assets/).
 */
const LOCALES = Object.keys(LOCALE_TAGS);
const KEYS = [
  'market.banner.honest.title',
  'market.banner.honest.text',
  'market.notice',
  'home.welcome',
  'home.visitorHint',
  'home.loginRegister',
  'home.demoNotice',
  'common.demo',
];

/** Each language's texts: KEYS, then the quick entries' labels, then the tabs' (English fallback). */
function texts() {
  const routes = pageFiles();
  const quick = [
    ...source('./src/features/menu/quickEntries.ts').matchAll(/label: '([^']+)',\s*to: '([^']+)'/g),
  ];
  // Entries not built yet show a "soon" tag, which this screen does not draw.
  if (quick.length === 0 || quick.some((m) => !routes.has(m[2]!)))
    throw new Error('home first screen: update it for the quick entries');
  const tabs = [...source('./src/app/tabs.ts').matchAll(/path: '[^']+', label: '(tabs\.\w+)'/g)];
  if (tabs.length === 0) throw new Error('home first screen: no tabs found');
  const keys = [...KEYS, ...quick.map((m) => m[1]!), ...tabs.map((m) => m[1]!)];
  const en = messagesOf('en');
  const files = LOCALES.map((locale) => {
    const messages = messagesOf(locale);
    const list = keys.map((key) => {
      const text = lookup(messages, key) ?? lookup(en, key);
      if (text === undefined) throw new Error(`home first screen: no text for ${key}`);
      return escapeHtml(text);
    });
    const json = JSON.stringify(list);
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 8);
    return { locale, list, json, fileName: `assets/home-${locale}-${hash}.json` };
  });
  return { quick: quick.length, tabs: tabs.length, files };
}

// HomePage's first render (pages/home, HomeBanner's first slide, TabBar) in app.css's, antd's
// and home.css's measures: the same text boxes, so nothing moves or grows when React draws it.
const CSS = `.hx-first{--b:#f4f6f9;--s:#fff;--nb:#fff;--tb:#fff;--t:#1b2535;--t2:#4b586a;--wk:#5e6d80;--bd:#e6eaf0;--br:#136ebb;--bf:#136ebb;--w:#e3f0fc;--wn:#a95400;--h:linear-gradient(135deg,#1266b0,#0f5fa6);position:fixed;inset:0;max-width:540px;margin:0 auto;overflow:hidden;background:var(--b);color:var(--t);font:13px -apple-system,blinkmacsystemfont,'Helvetica Neue',helvetica,segoe ui,arial,roboto,'PingFang SC','miui','Hiragino Sans GB','Microsoft Yahei',sans-serif}
html[data-prefers-color-scheme='dark'] .hx-first{--b:#1b2c42;--s:#223650;--nb:#1b2c42;--tb:#2a405c;--t:#e8eef6;--t2:#b7c5d6;--wk:#9bacc0;--bd:#32496a;--br:#66b1ef;--bf:#1577ca;--w:#1d3a5c;--wn:#ff8f1f}
.hx-first :where(h1,h2,p){margin:0}
.f-page{position:absolute;inset:0 0 calc(52px + env(safe-area-inset-bottom));display:flex;flex-direction:column}
.f-nav{flex:none;display:flex;align-items:center;height:46px;padding:env(safe-area-inset-top) 4px 0;background:var(--nb);border-bottom:1px solid var(--bd)}
.f-side{flex:0 0 72px;display:flex;align-items:center}.f-side:last-child{justify-content:flex-end}
.f-ib{display:flex;align-items:center;justify-content:center;min-width:40px;height:40px;padding:0 8px;box-sizing:border-box;font-size:22px}
.f-title{flex:1;overflow:hidden;font-size:17px;font-weight:600;text-align:center;text-overflow:ellipsis;white-space:nowrap}
.f-name{display:inline-flex;align-items:center;gap:6px;max-width:100%;vertical-align:top}.f-nm{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.f-tag{flex:none;display:inline-block;padding:2px 4px;border:1px solid var(--wn);border-radius:2px;box-sizing:border-box;color:var(--wn);font-size:12px;font-weight:400;line-height:1;white-space:nowrap}
.f-body{flex:1;overflow:hidden}
.f-banner{margin:12px 12px 8px;padding-bottom:14px}
.f-slide,.f-wel{border-radius:12px;background:var(--h);color:#fff}
.f-slide{display:flex;align-items:center;gap:12px;height:112px;padding:0 18px;overflow:hidden}
.f-bt{flex:1;min-width:0}.f-bt h2{margin-bottom:6px;font-size:18px}.f-bt p{font-size:12px;line-height:1.5;opacity:.92}
.f-slide .f-i{flex:none;font-size:52px;visibility:hidden}
.f-notice{height:40px;margin:0 12px 12px;padding:0 12px 0 38px;overflow:hidden;border-radius:8px;background:var(--w);color:var(--br);font-size:15px;line-height:40px;white-space:nowrap;text-overflow:ellipsis}
.f-wel{margin:12px;padding:20px 16px}.f-wel h2{margin-bottom:6px;font-size:20px}.f-wel p{margin-bottom:12px;opacity:.9}
.f-btn{display:inline-block;padding:7px 12px;border:1px solid var(--bf);border-radius:4px;background:var(--bf);font-size:17px;line-height:1.4}
.f-demo{margin:0 12px 12px;padding:10px 12px;border-radius:8px;background:var(--w);color:var(--t2);font-size:12px;line-height:1.5}
.f-quick{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;margin:0 12px 16px;padding:12px 8px;border-radius:12px;background:var(--s)}
.f-q{display:flex;flex-direction:column;align-items:center;gap:6px;padding:10px 4px}.f-q .f-i{font-size:26px;color:var(--br)}
.f-tabs{position:absolute;left:0;right:0;bottom:0;display:flex;height:52px;padding-bottom:env(safe-area-inset-bottom);background:var(--tb);border-top:1px solid var(--bd)}
.f-tab{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;color:var(--wk);font-size:12px}.f-tab .f-i{font-size:22px}.f-tab:first-child{color:var(--br)}
.f-i{width:1em;height:1em;border-radius:25%;background:currentColor;opacity:.15}`;

/** The markup, as JavaScript building it from `s` (the texts), `name` and `demo`. */
function template(quick: number, tabs: number): string {
  const t = (i: number) => `'+s[${i}]+'`;
  const i = '<i class="f-i"></i>';
  const repeat = (n: number, item: (k: number) => string) =>
    Array.from({ length: n }, (_, k) => item(k)).join('');
  return (
    `'<div class="hx-first" aria-hidden="true"><div class="f-page"><div class="f-nav">` +
    `<div class="f-side"><b class="f-ib">${i}</b></div><h1 class="f-title"><span class="f-name"><span class="f-nm">'+name+'</span>'+(demo?'<span class="f-tag">${t(7)}</span>':'')+'</span></h1>` +
    `<div class="f-side"><b class="f-ib">${i}</b></div></div><div class="f-body">` +
    `<div class="f-banner"><div class="f-slide"><div class="f-bt"><h2>${t(0)}</h2><p>${t(1)}</p></div>${i}</div></div>` +
    `<div class="f-notice">${t(2)}</div>` +
    `<div class="f-wel"><h2>'+s[3].split('{{name}}').join(name)+'</h2><p>${t(4)}</p><span class="f-btn">${t(5)}</span></div>` +
    `'+(demo?'<p class="f-demo">${t(6)}</p>':'')+'` +
    `<div class="f-quick">${repeat(quick, (k) => `<div class="f-q">${i}<span>${t(KEYS.length + k)}</span></div>`)}</div>` +
    `</div></div><div class="f-tabs">${repeat(tabs, (k) => `<div class="f-tab">${i}<span>${t(KEYS.length + quick + k)}</span></div>`)}</div></div>'`
  );
}

export function homeFirstScreen(): Plugin {
  let made: ReturnType<typeof texts> | undefined;
  const all = () => (made ??= texts());
  return {
    name: 'hx-home-first-screen',
    apply: 'build',
    buildStart() {
      made = undefined;
    },
    generateBundle() {
      for (const { locale, fileName, json } of all().files) {
        if (locale !== 'en') this.emitFile({ type: 'asset', fileName, source: json });
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const { quick, tabs, files } = all();
        const english = files.find((f) => f.locale === 'en')!.list;
        const others = Object.fromEntries(
          files.filter((f) => f.locale !== 'en').map((f) => [f.locale, f.fileName.slice(7)]),
        );
        const head = `(function () {
  var route = location.hash.replace(/^#/, '').split('?')[0];
  var lang = null, session = null;
  try { lang = localStorage.getItem('hx.lang'); session = localStorage.getItem('hx.session'); } catch (e) {}
  var others = ${JSON.stringify(others)};
  if (!others[lang]) lang = 'en';
  // The settings every page reads, asked for with the HTML (configQuery takes this answer).
  var config = window.__hxConfig = fetch('/api/config', { headers: { Accept: 'application/json', lang: lang } })
    .then(function (r) { return r.json(); });
  config.catch(function () {}); // the app asks again
  if (session || !(route === '' || route === '/' || route === '${HOME}')) return;
  var words = lang === 'en' ? ${JSON.stringify(english)} : fetch('/h5/assets/' + others[lang]).then(function (r) { return r.json(); });
  var parsed = new Promise(function (done) { window.__hxRoot = done; });
  // The server writes its name and mode into the page (plugins/static.ts): no need to wait.
  var mode = document.querySelector('meta[name="hx-mode"]');
  var named = document.querySelector('meta[name="application-name"]');
  var known = mode && { type: 'ok', message: { mode: mode.content, app_name: named && named.content } };
  Promise.all([known || config, words, parsed]).then(function (all) {
    var answer = all[0], s = all[1];
    var root = document.getElementById('root');
    var splash = root && root.firstElementChild;
    if (!answer || answer.type !== 'ok' || !splash || splash.className !== 'hx-splash') return;
    var demo = answer.message.mode === 'demo';
    var name = String(answer.message.app_name || 'Honest Exchange').replace(/[&<>"]/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c];
    });
    document.documentElement.lang = ${JSON.stringify(LOCALE_TAGS)}[lang];
    root.innerHTML = ${template(quick, tabs)};
  }, function () {});
})();`;
        // Right after #root: the parser has it, whatever still loads after it.
        const root = html.indexOf('<div id="root">');
        const after = html.slice(root).search(/<link rel="stylesheet"|<\/body>/) + root;
        if (root < 0 || after < root) throw new Error('home first screen: no #root in index.html');
        const mark = `<script>\nif (window.__hxRoot) window.__hxRoot();\n</script>\n`;
        return (
          html
            .slice(0, after)
            .replace(
              '</head>',
              `<style>\n${CSS}\n</style>\n<script>\n${head}\n</script>\n</head>`,
            ) +
          mark +
          html.slice(after)
        );
      },
    },
  };
}
