import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import {
  adminToken,
  auth,
  moneyApp,
  PNG,
  seedUser,
  upload,
  uploadRaw,
  type MoneyApp,
} from '../wallet/test-kit.ts';
import { sampleJpeg, sampleWebp } from '../upload/sample-images.ts';

let t: MoneyApp;
let admin: string;
let reviewer: string;
let support: string;
beforeAll(async () => {
  t = await moneyApp();
  admin = await adminToken(t);
  reviewer = await adminToken(t, 'reviewer');
  support = await adminToken(t, 'support');
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });

describe('uploads', () => {
  it('stores an image under a random private url that only its owner and reviewers can read', async () => {
    const owner = await seedUser(t);
    const other = await seedUser(t);
    const url = await upload(t.app, owner.token);
    expect(url).toMatch(/^\/api\/upload\/[A-Za-z0-9_-]{32}$/);
    const mine = await get(url, owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect((await get(url, other.token)).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get(url, other.token)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, admin)).statusCode).toBe(200);
    expect((await get(url, reviewer)).statusCode).toBe(200);
    expect((await get(url, support)).statusCode).toBe(403);
    expect((await get('/api/upload/nope', owner.token)).statusCode).toBe(404);
  });

  it('recognises PNG, JPEG, WebP and GIF by their bytes, whatever the name says', async () => {
    const user = await seedUser(t);
    const pad = Buffer.alloc(32, 1);
    const images: [Buffer, string][] = [
      [sampleJpeg(16, 16), 'image/jpeg'],
      [Buffer.concat([Buffer.from('GIF89a'), pad]), 'image/gif'],
      [sampleWebp(16, 16), 'image/webp'],
    ];
    for (const [bytes, type] of images) {
      const { body } = await uploadRaw(t.app, user.token, bytes, 'file.txt', 'text/plain');
      expect((await get(body.message.url, user.token)).headers['content-type']).toBe(type);
    }
    const fake = await uploadRaw(t.app, user.token, Buffer.from('<svg>not a photo</svg>'), 'x.png');
    expect(fake).toMatchObject({
      status: 415,
      body: {
        code: 'FILE_NOT_IMAGE',
        message: 'Only PNG, JPEG, WebP or GIF images can be uploaded',
      },
    });
  });

  it('refuses more than 5 MB with "Out of allowable file size", and a missing file', async () => {
    const user = await seedUser(t);
    const limit = 5 * 1024 * 1024;
    const exact = Buffer.concat([PNG, Buffer.alloc(limit - PNG.length)]);
    expect((await uploadRaw(t.app, user.token, exact)).status).toBe(200);
    const big = await uploadRaw(t.app, user.token, Buffer.concat([exact, Buffer.alloc(1)]));
    expect(big).toEqual({
      status: 413,
      body: { type: 'error', code: 'FILE_TOO_LARGE', message: 'Out of allowable file size' },
    });
    const wrongField = await uploadRaw(t.app, user.token, PNG, 'a.png', 'image/png', 'photo');
    expect(wrongField.body.code).toBe('FILE_REQUIRED');
    const notMultipart = await call(t.app, 'POST', 'upload', {}, auth(user.token));
    expect(notMultipart.body.code).toBe('FILE_REQUIRED');
    expect((await uploadRaw(t.app, null, PNG)).status).toBe(401);
  });
});

describe('KYC', () => {
  it('requires every field, each with its own code', async () => {
    const user = await seedUser(t);
    const basic: [Record<string, string>, string][] = [
      [{}, 'COUNTRY_REQUIRED'],
      [{ country: 'FR' }, 'REAL_NAME_REQUIRED'],
      [{ country: 'FR', name: '  ' }, 'REAL_NAME_REQUIRED'],
      [{ country: 'FR', name: 'Ann Lee' }, 'ID_NUMBER_REQUIRED'],
    ];
    for (const [fields, code] of basic)
      expect(
        (await call(t.app, 'POST', 'user/real_name', fields, auth(user.token))).body.code,
      ).toBe(code);
    const advanced: [Record<string, string>, string][] = [
      [{}, 'CONTACT_ADDRESS_REQUIRED'],
      [{ address: '1 Rue' }, 'ID_FRONT_REQUIRED'],
      [{ address: '1 Rue', front: 'x' }, 'ID_BACK_REQUIRED'],
      [{ address: '1 Rue', front: 'x', back: 'y' }, 'ID_HAND_REQUIRED'],
    ];
    for (const [fields, code] of advanced)
      expect(
        (await call(t.app, 'POST', 'user/real_name2', fields, auth(user.token))).body.code,
      ).toBe(code);
    const th = await call(t.app, 'POST', 'user/real_name', {}, auth(user.token, { lang: 'th' }));
    expect(th.body.message).toBe('กรุณากรอกประเทศหรือภูมิภาค');
  });

  it('takes any ISO 3166 country as its code, and still the English name older clients sent', async () => {
    const submit = async (country: string) => {
      const user = await seedUser(t);
      const form = { country, name: 'Ann Lee', id_number: 'AB1234567' };
      const sent = await call(t.app, 'POST', 'user/real_name', form, auth(user.token));
      const center = await call(t.app, 'GET', 'user/center2', {}, auth(user.token));
      return { code: sent.body.code, country: center.body.message.basic.country };
    };
    // Far from the 37 countries of the phone list, and in lower case.
    expect(await submit('is')).toMatchObject({ country: 'IS' });
    expect(await submit('FJ')).toMatchObject({ country: 'FJ' });
    expect(await submit('Japan')).toMatchObject({ country: 'Japan' });
    expect(await submit('XX')).toMatchObject({ code: 'COUNTRY_REQUIRED', country: null });
  });

  it('goes review → rejected (with reason) → resubmitted → verified, and advanced only after basic', async () => {
    const user = await seedUser(t);
    const me = auth(user.token);
    const center = async () => (await call(t.app, 'GET', 'user/center', {}, me)).body.message.kyc;
    const center2 = async () => (await call(t.app, 'GET', 'user/center2', {}, me)).body.message;
    const form = { country: 'FR', name: 'Ann Lee', id_number: 'AB1234567' };
    const early = await call(
      t.app,
      'POST',
      'user/real_name2',
      { address: 'x', front: 'a', back: 'b', hand: 'c' },
      me,
    );
    expect(early.body.code).toBe('KYC_BASIC_REQUIRED');

    expect((await call(t.app, 'POST', 'user/real_name', form, me)).body.message).toEqual({
      status: 'review',
    });
    expect(await center()).toEqual({ basic: 'review', advanced: 'unverified' });
    expect((await call(t.app, 'POST', 'user/real_name', form, me)).body.code).toBe('KYC_IN_REVIEW');

    const queue = await call(t.app, 'GET', 'admin/kyc', { status: 'review' }, auth(reviewer));
    const item = queue.body.message.list.find((i: { user_id: number }) => i.user_id === user.id);
    expect(item).toMatchObject({
      level: 'basic',
      status: 'review',
      country: 'FR',
      name: 'Ann Lee',
      id_number: 'AB1234567',
    });

    const noReason = await call(t.app, 'POST', `admin/kyc/${item.id}/reject`, {}, auth(reviewer));
    expect(noReason.body.code).toBe('REASON_REQUIRED');
    const rejected = await call(
      t.app,
      'POST',
      `admin/kyc/${item.id}/reject`,
      { reason: 'Blurry ID number' },
      auth(reviewer),
    );
    expect(rejected.body.message).toMatchObject({
      id: item.id,
      status: 'rejected',
      reason: 'Blurry ID number',
    });
    expect(await center()).toEqual({ basic: 'rejected', advanced: 'unverified' });
    expect((await center2()).basic).toMatchObject({
      status: 'rejected',
      reason: 'Blurry ID number',
      id_number: 'AB*****67',
    });
    const again = await call(t.app, 'POST', `admin/kyc/${item.id}/pass`, {}, auth(reviewer));
    expect(again).toMatchObject({ status: 409, body: { code: 'ALREADY_DECIDED' } });

    await call(t.app, 'POST', 'user/real_name', { ...form, id_number: 'AB7654321' }, me);
    expect(await center()).toEqual({ basic: 'review', advanced: 'unverified' });
    const second = (await call(t.app, 'GET', 'admin/kyc', {}, auth(admin))).body.message.list.find(
      (i: { user_id: number }) => i.user_id === user.id,
    );
    expect(
      (await call(t.app, 'POST', `admin/kyc/${second.id}/pass`, {}, auth(admin))).body.message
        .status,
    ).toBe('verified');
    expect(await center()).toEqual({ basic: 'verified', advanced: 'unverified' });
    expect((await center2()).basic).toMatchObject({
      status: 'verified',
      reason: null,
      id_number: 'AB*****21',
    });
    expect((await call(t.app, 'POST', 'user/real_name', form, me)).body.code).toBe(
      'KYC_ALREADY_VERIFIED',
    );

    // Advanced: the photos must be this user's own uploads.
    const stranger = await seedUser(t);
    const theirs = await upload(t.app, stranger.token);
    const [front, back, hand] = [
      await upload(t.app, user.token),
      await upload(t.app, user.token),
      await upload(t.app, user.token),
    ];
    const adv = { address: '1 Rue de Rivoli, Paris', front, back, hand };
    for (const bad of [
      { hand: theirs },
      { front: '/api/upload/not-an-upload' },
      { back: 'https://evil.example/x.png' },
    ]) {
      const refused = await call(t.app, 'POST', 'user/real_name2', { ...adv, ...bad }, me);
      expect(refused.body.code).toBe('UPLOAD_INVALID');
    }
    const full = await call(
      t.app,
      'POST',
      'user/real_name2',
      { ...adv, front: `https://exchange.example${front}` },
      me,
    );
    expect(full.body.message).toEqual({ status: 'review' });
    const details = await center2();
    expect(details.advanced).toMatchObject({ status: 'review', address: '1 Rue de Rivoli, Paris' });
    expect(JSON.stringify(details)).not.toContain('/api/upload/');
    const advItem = (
      await call(t.app, 'GET', 'admin/kyc', { level: 'advanced' }, auth(reviewer))
    ).body.message.list.find((i: { user_id: number }) => i.user_id === user.id);
    // Beside the photos, the verified basic data to compare them with (not the rejected one).
    expect(advItem).toMatchObject({
      level: 'advanced',
      front,
      back,
      hand,
      address: '1 Rue de Rivoli, Paris',
      country: 'FR',
      name: 'Ann Lee',
      id_number: 'AB7654321',
    });
    expect((await get(advItem.hand, reviewer)).statusCode).toBe(200);
    const advPassed = await call(t.app, 'POST', `admin/kyc/${advItem.id}/pass`, {}, auth(reviewer));
    expect(advPassed.body.message).toMatchObject({ status: 'verified', id_number: 'AB7654321' });
    expect(await center()).toEqual({ basic: 'verified', advanced: 'verified' });
  });
});
