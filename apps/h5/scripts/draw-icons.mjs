// Draws the app's icons (public/*.png) from public/icon.svg with Debian's Chromium.
// Run again after changing the SVG: node apps/h5/scripts/draw-icons.mjs
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const publicDir = new URL('../public/', import.meta.url);
const svg = readFileSync(new URL('icon.svg', publicDir), 'utf8');
// Maskable and Apple icons are cropped by the system: full-bleed square, mark inside the safe zone.
const square = svg.replace(/rx="\d+"/, 'rx="0"');

const icons = [
  { file: 'pwa-192x192.png', size: 192, svg },
  { file: 'pwa-512x512.png', size: 512, svg },
  { file: 'maskable-512x512.png', size: 512, svg: square },
  { file: 'apple-touch-icon.png', size: 180, svg: square },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const { file, size, svg: source } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = source.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${sized}`);
    await page.screenshot({ path: new URL(file, publicDir).pathname, omitBackground: true });
    await page.close();
    console.log(`drew ${file}`);
  }
} finally {
  await browser.close();
}
