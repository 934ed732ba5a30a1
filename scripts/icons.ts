/**
 * Draws the app's icons from one SVG (site/assets/icon.svg) with Debian's chromium
 * (CHROME_PATH, default /usr/bin/chromium): the 192 and 512 px manifest icons, the 180 px Apple
 * touch icon and a 32 px favicon.ico (an ICO holding one PNG). Run it after changing the SVG and
 * commit the PNGs: `npx tsx scripts/icons.ts`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SITE_DIR } from '../core/pages/assets.ts';

const assets = path.join(SITE_DIR, 'assets');

/** An ICO file holding one PNG image (Vista and later read PNG entries). */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, png]);
}

// The full-bleed square (the manifest's icons are also maskable: the sun sits in the safe zone).
const svg = (await readFile(path.join(assets, 'icon.svg'), 'utf8')).replace(/\brx="\d+"/, 'rx="0"');
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 512, height: 512 } });
  const draw = async (size: number): Promise<Buffer> => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    return page.screenshot({ type: 'png', omitBackground: true });
  };
  for (const [name, size] of [['icon-192.png', 192], ['icon-512.png', 512], ['apple-touch-icon.png', 180]] as const) {
    await writeFile(path.join(assets, name), await draw(size));
  }
  await writeFile(path.join(assets, 'favicon.ico'), icoOf(await draw(32), 32));
} finally {
  await browser.close();
}
console.log('icons written to site/assets');
