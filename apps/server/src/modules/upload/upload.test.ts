import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { uploads } from '@hx/db';
import { auth, moneyApp, seedUser, uploadRaw, type MoneyApp } from '../wallet/test-kit.ts';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from './image.ts';
import { sampleGif, sampleJpeg, samplePng, sampleWebp } from './sample-images.ts';
import { UPLOADS_PER_DAY } from './store.ts';

let t: MoneyApp;
beforeAll(async () => {
  t = await moneyApp();
});
afterAll(() => t.close());

const uploadsOf = async (userId: number) =>
  (await t.db.select({ n: count() }).from(uploads).where(eq(uploads.userId, userId)))[0]!.n;

const storedFiles = async () => {
  try {
    return (await readdir(join(t.config.dataDir, 'uploads'))).length;
  } catch {
    return 0;
  }
};

const TOO_LARGE = `The image is too large: at most ${IMAGE_MAX_SIDE} pixels on a side and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels`;

describe('the daily upload quota', () => {
  it(`takes exactly ${UPLOADS_PER_DAY} of 110 uploads sent at once by one user`, async () => {
    const user = await seedUser(t);
    const answers = await Promise.all(
      Array.from({ length: 110 }, () => uploadRaw(t.app, user.token, samplePng(8, 8))),
    );
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(accepted).toHaveLength(UPLOADS_PER_DAY);
    expect(new Set(accepted.map((a) => a.body.message.url)).size).toBe(UPLOADS_PER_DAY);
    for (const answer of refused)
      expect(answer).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(await uploadsOf(user.id)).toBe(UPLOADS_PER_DAY);

    // Another user is not held back, and a day later the first may upload again.
    const other = await seedUser(t);
    expect((await uploadRaw(t.app, other.token, samplePng(8, 8))).status).toBe(200);
    expect((await uploadRaw(t.app, user.token, samplePng(8, 8))).status).toBe(429);
    t.clock.advance(86_400_000);
    expect((await uploadRaw(t.app, user.token, samplePng(8, 8))).status).toBe(200);
  });
});

describe('image dimensions', () => {
  it('refuses a small PNG whose header says 60000×60000, and stores nothing', async () => {
    const user = await seedUser(t);
    const files = await storedFiles();
    const bomb = samplePng(60_000, 60_000);
    expect(bomb.length).toBeLessThan(100_000);
    const answer = await uploadRaw(t.app, user.token, bomb);
    expect(answer).toEqual({
      status: 400,
      body: { type: 'error', code: 'IMAGE_TOO_LARGE', message: TOO_LARGE },
    });
    expect(await uploadsOf(user.id)).toBe(0);
    expect(await storedFiles()).toBe(files);
  });

  it('refuses every type past the largest side or area, in the user’s language', async () => {
    const user = await seedUser(t);
    const over: Buffer[] = [
      sampleJpeg(IMAGE_MAX_SIDE + 1, 10),
      sampleJpeg(7000, 7000), // each side fits, the area does not
      sampleGif(10, 60_000),
      sampleWebp(60_000, 60_000),
      samplePng(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE),
    ];
    for (const bytes of over)
      expect((await uploadRaw(t.app, user.token, bytes)).body.code).toBe('IMAGE_TOO_LARGE');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: {
        ...auth(user.token, { lang: 'zh' }),
        'content-type': 'multipart/form-data; boundary=b',
      },
      payload: Buffer.concat([
        Buffer.from(
          '--b\r\nContent-Disposition: form-data; name="file"; filename="a.gif"\r\nContent-Type: image/gif\r\n\r\n',
        ),
        sampleGif(60_000, 60_000),
        Buffer.from('\r\n--b--\r\n'),
      ]),
    });
    expect(zh.json().message).toBe(
      `图片尺寸过大：每边最多 ${IMAGE_MAX_SIDE} 像素，总计最多 ${IMAGE_MAX_PIXELS / 1_000_000} 百万像素`,
    );
    expect(await uploadsOf(user.id)).toBe(0);
  });

  it('accepts ordinary images of each type, up to the limits', async () => {
    const user = await seedUser(t);
    const largest = Math.floor(IMAGE_MAX_PIXELS / IMAGE_MAX_SIDE);
    const images: [Buffer, string][] = [
      [samplePng(64, 48), 'image/png'],
      [samplePng(IMAGE_MAX_SIDE, largest), 'image/png'],
      [sampleJpeg(4032, 3024), 'image/jpeg'],
      [sampleGif(320, 240), 'image/gif'],
      [sampleWebp(1080, 1920), 'image/webp'],
    ];
    for (const [bytes, type] of images) {
      const { status, body } = await uploadRaw(t.app, user.token, bytes, 'x.bin', 'text/plain');
      expect(status).toBe(200);
      const stored = await t.app.inject({
        method: 'GET',
        url: body.message.url,
        headers: auth(user.token),
      });
      expect(stored.headers['content-type']).toBe(type);
      expect(stored.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses a file that starts like an image but whose header cannot be read', async () => {
    const user = await seedUser(t);
    const png = samplePng(64, 48);
    const unreadable: Buffer[] = [
      Buffer.concat([png.subarray(0, 8), Buffer.alloc(64, 7)]), // PNG signature, no IHDR
      png.subarray(0, 20), // cut inside the IHDR
      samplePng(0, 0),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 1)]), // no frame header
      sampleJpeg(640, 480).subarray(0, 22), // cut before the size
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), Buffer.alloc(32)]),
    ];
    const files = await storedFiles();
    for (const bytes of unreadable)
      expect(await uploadRaw(t.app, user.token, bytes)).toEqual({
        status: 400,
        body: {
          type: 'error',
          code: 'IMAGE_UNREADABLE',
          message: 'This image cannot be read, please choose another one',
        },
      });
    expect(await uploadsOf(user.id)).toBe(0);
    expect(await storedFiles()).toBe(files);
  });
});
