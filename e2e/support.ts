import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export { TID } from '../apps/h5/src/testids.ts';

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

/** Opens a route of the app, e.g. '/pages/user/login/login'. */
export async function open(page: Page, route: string) {
  await page.goto(`/h5/#${route}`);
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

/** Screenshots for people to look at (not compared): .test-results/screenshots/<name>-<theme>.png */
export async function snapshot(page: Page, name: string) {
  // Let the page chunk arrive, toasts fade and transitions and popups (spring-driven) settle.
  await expect(page.locator('.hx-placeholder[aria-busy]')).toHaveCount(0);
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5000 });
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  await page.waitForTimeout(400);
  const theme = await page.evaluate(() =>
    document.documentElement.getAttribute('data-prefers-color-scheme'),
  );
  await page.screenshot({ path: `.test-results/screenshots/${name}-${theme ?? 'light'}.png` });
}

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
