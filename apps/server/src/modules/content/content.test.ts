import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@hx/protocol';
import { call } from '../../test/harness.ts';
import { adminToken, auth, moneyApp, seedUser, upload, type MoneyApp } from '../wallet/test-kit.ts';
import { MARGIN_ARTICLE_CODE, marginExample } from './margin-article.ts';
import { pickText, type Text } from './texts.ts';

let t: MoneyApp;
let admin: string;
let support: string;
let reviewer: string;

beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t, 'admin');
  support = await adminToken(t, 'support');
  reviewer = await adminToken(t, 'reviewer');
});
afterAll(() => t.close());

const lang = (l: string) => ({ lang: l });

/** The operator API takes JSON (texts per language are nested). */
async function json(method: 'POST' | 'PUT', path: string, token: string, payload: unknown) {
  const response = await t.app.inject({
    method,
    url: `/api/${path}`,
    headers: { authorization: token, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.statusCode, body: response.json() as any };
}

describe('language fallback', () => {
  const text = (l: Text['lang'], title: string): Text => ({
    lang: l,
    title,
    summary: '',
    body: '',
  });

  it('serves the asked language, else English, else the first language there is', () => {
    const all = [text('zh', '中文'), text('en', 'English'), text('jp', '日本語')];
    expect(pickText(all, 'jp')?.title).toBe('日本語');
    expect(pickText(all, 'th')?.title).toBe('English');
    expect(pickText([text('kr', '한국어'), text('hk', '繁體')], 'th')?.title).toBe('繁體');
    expect(pickText([], 'en')).toBeUndefined();
  });

  it('a notice written in English and Chinese reaches a Thai reader in English', async () => {
    const created = await json('POST', 'admin/content/notices', support, {
      pinned: true,
      texts: {
        en: { title: 'Fallback check', body: 'English body' },
        zh: { title: '回退检查', body: '中文正文' },
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.message.id;

    const zh = await call(t.app, 'POST', 'news/detail', { id: String(id) }, lang('zh'));
    expect(zh.body.message).toMatchObject({ title: '回退检查', body: '中文正文', lang: 'zh' });
    const th = await call(t.app, 'POST', 'news/detail', { id: String(id) }, lang('th'));
    expect(th.body.message).toMatchObject({
      title: 'Fallback check',
      body: 'English body',
      lang: 'en',
    });

    // Pinned notices lead the list, in the reader's language.
    const list = await call(t.app, 'POST', 'news/list', {}, lang('th'));
    expect(list.body.message.list[0]).toMatchObject({ id, title: 'Fallback check', pinned: true });
  });

  it('the demo seed has every notice, banner, category and article in all seven languages', async () => {
    for (const l of LOCALES) {
      const notices = await call(t.app, 'POST', 'news/list', { limit: '100' }, lang(l));
      const seeded = notices.body.message.list.filter(
        (n: { title: string }) => n.title !== 'Fallback check',
      );
      expect(seeded.length).toBeGreaterThanOrEqual(4);
      for (const n of seeded) expect(n.lang).toBe(l);

      const banners = await call(t.app, 'GET', 'content/banners', {}, lang(l));
      expect(banners.body.message.length).toBe(3);
      for (const b of banners.body.message) expect(b.lang).toBe(l);

      const categories = await call(t.app, 'GET', 'help/categories', {}, lang(l));
      expect(categories.body.message.map((c: { lang: string }) => c.lang)).toEqual(
        Array(4).fill(l),
      );
      const articles = await call(t.app, 'GET', 'help/list', { limit: '100' }, lang(l));
      expect(articles.body.message.total).toBe(7);
      for (const a of articles.body.message.list) expect(a.lang).toBe(l);
    }
    // Different languages really are different words.
    const en = await call(t.app, 'GET', 'help/list', {}, lang('en'));
    const jp = await call(t.app, 'GET', 'help/list', {}, lang('jp'));
    expect(en.body.message.list[0].title).toBe('How to deposit');
    expect(jp.body.message.list[0].title).toBe('入金方法');
  });

  it('an unknown or unpublished notice is not found', async () => {
    const hidden = await json('POST', 'admin/content/notices', admin, {
      published: false,
      texts: { en: { title: 'Draft', body: 'Not yet' } },
    });
    const r = await call(t.app, 'POST', 'news/detail', { id: String(hidden.body.message.id) });
    expect(r.status).toBe(404);
    expect((await call(t.app, 'POST', 'news/detail', { id: '999999' })).body.code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('help search', () => {
  it('finds articles by words of the reader’s language, titles first', async () => {
    const en = await call(t.app, 'GET', 'help/list', { q: 'fee' }, lang('en'));
    expect(en.body.message.list[0].title).toBe('Trading fees');
    const zh = await call(t.app, 'GET', 'help/list', { q: '手续费' }, lang('zh'));
    expect(zh.body.message.list[0].title).toBe('交易手续费');
    // English words do not match a Chinese reader's articles (they read Chinese ones).
    const none = await call(t.app, 'GET', 'help/list', { q: 'Trading fees' }, lang('zh'));
    expect(none.body.message.total).toBe(0);
    // Wildcards typed by the user are letters: '%' finds only the article that writes one.
    const pct = await call(t.app, 'GET', 'help/list', { q: '%' }, lang('en'));
    expect(pct.body.message.list.map((a: { title: string }) => a.title)).toEqual([
      'Margin, liquidation and the maintenance ratio',
    ]);
    const underscore = await call(t.app, 'GET', 'help/list', { q: '_' }, lang('en'));
    expect(underscore.body.message.total).toBe(0);
  });

  it('searches the English text of an article that has no words in the reader’s language', async () => {
    const categories = await call(t.app, 'GET', 'help/categories', {}, lang('en'));
    const created = await json('POST', 'admin/content/help/articles', support, {
      category_id: categories.body.message[0].id,
      texts: { en: { title: 'Staking rewards', body: 'How staking rewards are paid.' } },
    });
    expect(created.status).toBe(200);
    const th = await call(t.app, 'GET', 'help/list', { q: 'staking' }, lang('th'));
    expect(th.body.message.list).toEqual([
      expect.objectContaining({
        id: created.body.message.id,
        title: 'Staking rewards',
        lang: 'en',
      }),
    ]);
    const detail = await call(
      t.app,
      'GET',
      'help/detail',
      { id: String(created.body.message.id) },
      lang('th'),
    );
    expect(detail.body.message).toMatchObject({
      body: 'How staking rewards are paid.',
      lang: 'en',
    });
    expect(detail.body.message.category_name).toBe('การฝากและการโอน');
  });

  it('lists a category’s articles', async () => {
    const categories = await call(t.app, 'GET', 'help/categories', {}, lang('en'));
    const trading = categories.body.message.find((c: { name: string }) => c.name === 'Trading');
    const list = await call(t.app, 'GET', 'help/list', { category_id: String(trading.id) });
    expect(list.body.message.list.map((a: { title: string }) => a.title)).toEqual([
      'How timed options settle',
      'Trading fees',
      'Margin, liquidation and the maintenance ratio',
    ]);
  });

  it('opens an article by its code: the margin article, its example worked with the real terms', async () => {
    const byCode = (l: string) =>
      call(t.app, 'GET', 'help/detail', { code: MARGIN_ARTICLE_CODE }, lang(l));
    const en = (await byCode('en')).body.message;
    expect(en).toMatchObject({
      title: 'Margin, liquidation and the maintenance ratio',
      category_name: 'Trading',
      lang: 'en',
    });
    // The seeded maintenance ratio (20%) and the liquidation rule of lever/math.ts: 10× long at
    // 65,000 is liquidated at 59,800; at 62,000 the margin ratio is 26 ÷ 70.
    const x = marginExample();
    expect([x.liquidation.toFixed(), x.maint.toFixed(), x.ratio]).toEqual(['59800', '26', '37.14']);
    expect(en.body).toContain('The maintenance margin is 20% of the margin');
    expect(en.body).toContain('= 59,800 USDT, a fall of 8%');
    expect(en.body).toContain('margin ratio 26 ÷ 70 = 37.14%, ROE −46.15%');
    for (const l of LOCALES) {
      const article = (await byCode(l)).body.message;
      expect(article.lang).toBe(l);
      expect(article.body).not.toMatch(/\{|--/);
    }
    expect((await byCode('esp')).body.message.body).toContain('59.800 USDT');
    const missing = await call(t.app, 'GET', 'help/detail', { code: 'nope' });
    expect(missing.body.code).toBe('NOT_FOUND');
    expect((await call(t.app, 'GET', 'help/detail', {})).body.code).toBe('NOT_FOUND');
  });
});

describe('feedback', () => {
  it('a user sends text and images, support replies, the user sees the reply once as unread', async () => {
    const user = await seedUser(t);
    const image = await upload(t.app, user.token);
    const sent = await call(
      t.app,
      'POST',
      'feedback',
      { body: 'My deposit has been under review for a day', images: image },
      auth(user.token),
    );
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({ status: 'open', images: [image], replies: [] });
    const id = sent.body.message.id;

    // Support sees it in the queue and can open its image.
    const queue = await call(t.app, 'GET', 'admin/feedback', {}, auth(support));
    expect(queue.body.message.list.map((f: { id: number }) => f.id)).toContain(id);
    const img = await t.app.inject({
      url: `/api/admin/feedback/${id}/images/0`,
      headers: auth(support),
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    // A reviewer is not on the support desk.
    expect((await call(t.app, 'GET', 'admin/feedback', {}, auth(reviewer))).status).toBe(403);

    t.clock.advance(60_000);
    const reply = await call(
      t.app,
      'POST',
      `admin/feedback/${id}/reply`,
      { body: 'It was approved a moment ago.' },
      auth(support),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.message).toMatchObject({ status: 'replied', account: user.email });

    expect(
      (await call(t.app, 'GET', 'feedback/unread', {}, auth(user.token))).body.message.count,
    ).toBe(1);
    const mine = await call(t.app, 'GET', 'feedback/list', {}, auth(user.token));
    expect(mine.body.message.list[0]).toMatchObject({
      id,
      status: 'replied',
      unread: true,
      replies: [expect.objectContaining({ body: 'It was approved a moment ago.' })],
    });
    expect(
      (await call(t.app, 'GET', 'feedback/unread', {}, auth(user.token))).body.message.count,
    ).toBe(0);

    // The reply is in the audit log with who wrote it.
    const audit = await call(t.app, 'GET', 'admin/audit', {}, auth(admin));
    expect(audit.body.message.list).toContainEqual(
      expect.objectContaining({
        action: 'feedback.reply',
        target: `feedback:${id}`,
        after: 'replied',
      }),
    );
  });

  it('refuses empty text, someone else’s upload and a fifth image, in the asked language', async () => {
    const user = await seedUser(t);
    const other = await seedUser(t);
    const empty = await call(t.app, 'POST', 'feedback', { body: '' }, auth(user.token, lang('zh')));
    expect(empty.body).toMatchObject({
      code: 'FEEDBACK_REQUIRED',
      message: '请描述您的问题或建议',
    });
    const foreign = await upload(t.app, other.token);
    const stolen = await call(
      t.app,
      'POST',
      'feedback',
      { body: 'Look at this', images: foreign },
      auth(user.token),
    );
    expect(stolen.body.code).toBe('UPLOAD_INVALID');
    const five = Array(5).fill(foreign).join(',');
    const many = await call(
      t.app,
      'POST',
      'feedback',
      { body: 'Look at these', images: five },
      auth(user.token),
    );
    expect(many.body.code).toBe('FEEDBACK_TOO_MANY_IMAGES');
    expect((await call(t.app, 'POST', 'feedback', { body: 'Hello there' })).status).toBe(401);
  });
});

describe('operator content editing', () => {
  it('English is required, support and admin may edit, every change is audited', async () => {
    const noEnglish = await json('POST', 'admin/content/notices', support, {
      texts: { zh: { title: '只有中文' } },
    });
    expect(noEnglish.body.code).toBe('CONTENT_ENGLISH_REQUIRED');
    expect(
      (await json('POST', 'admin/content/notices', reviewer, { texts: { en: { title: 'x' } } }))
        .status,
    ).toBe(403);

    const created = await json('POST', 'admin/content/banners', support, {
      link: '/pages/notice/index',
      sort: 9,
      texts: { en: { title: 'Extra slide', summary: 'More' } },
    });
    const id = created.body.message.id;
    const updated = await json('PUT', `admin/content/banners/${id}`, admin, {
      link: '/pages/notice/index',
      sort: 9,
      enabled: false,
      texts: { en: { title: 'Extra slide', summary: 'Hidden' }, kr: { title: '추가 슬라이드' } },
    });
    expect(updated.body.message).toMatchObject({
      fields: { enabled: false },
      texts: { kr: { title: '추가 슬라이드' } },
    });
    const shown = await call(t.app, 'GET', 'content/banners', {});
    expect(shown.body.message.map((b: { id: number }) => b.id)).not.toContain(id);

    const del = await call(t.app, 'POST', `admin/content/banners/${id}/delete`, {}, auth(support));
    expect(del.status).toBe(200);
    const audit = await call(t.app, 'GET', 'admin/audit', { limit: '100' }, auth(admin));
    const actions = audit.body.message.list
      .filter((a: { target: string }) => a.target === `banner:${id}`)
      .map((a: { action: string }) => a.action);
    expect(actions).toEqual(['banner.delete', 'banner.update', 'banner.create']);

    // A category with articles cannot be deleted.
    const categories = await call(t.app, 'GET', 'help/categories', {});
    const r = await call(
      t.app,
      'POST',
      `admin/content/help/categories/${categories.body.message[0].id}/delete`,
      {},
      auth(support),
    );
    expect(r.body.code).toBe('HELP_CATEGORY_NOT_EMPTY');
  });
});

describe('avatar', () => {
  it('an own upload becomes the avatar, readable without a token; other uploads stay private', async () => {
    const user = await seedUser(t);
    const image = await upload(t.app, user.token);
    const set = await call(
      t.app,
      'POST',
      'user/set_head_portrait',
      { avatar: image },
      auth(user.token),
    );
    expect(set.status).toBe(200);
    const avatar: string = set.body.message.avatar;
    expect(avatar).toMatch(/^\/api\/avatar\//);
    expect((await t.app.inject({ url: avatar })).statusCode).toBe(200);
    expect(
      (await call(t.app, 'GET', 'user/center', {}, auth(user.token))).body.message.avatar,
    ).toBe(avatar);

    const notAvatar = await upload(t.app, user.token);
    expect(
      (await t.app.inject({ url: notAvatar.replace('/upload/', '/avatar/') })).statusCode,
    ).toBe(404);
    const other = await seedUser(t);
    const stolen = await call(
      t.app,
      'POST',
      'user/set_head_portrait',
      { avatar: notAvatar },
      auth(other.token),
    );
    expect(stolen.body.code).toBe('UPLOAD_INVALID');
  });
});
