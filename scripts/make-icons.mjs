// `npm run icons`: every icon size from build/icon.svg. Chromium (Debian's, the one the e2e tests
// use, driven by Playwright) rasterises the SVG; the .ico and .icns containers are written here
// (both hold PNG images, which every supported Windows and macOS reads). Commit what it writes:
// build/icons/png/<n>x<n>.png, build/icons/icon.ico, build/icons/icon.icns.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** Apple's PNG-bearing icns element types and the pixel size each holds. */
export const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
];

/** Width and height from a PNG's IHDR chunk; throws on anything that is not a PNG. */
export function pngSize(png) {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (png.length < 24 || !png.subarray(0, 8).equals(signature) || png.toString('latin1', 12, 16) !== 'IHDR')
    throw new Error('not a PNG image');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** A Windows .ico whose images are PNGs (ICONDIR, one ICONDIRENTRY per image, then the data). */
export function buildIco(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

/** A macOS .icns: 'icns', the total length, then (type, length, PNG) elements, big-endian. */
export function buildIcns(elements) {
  const parts = elements.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

async function rasterise(svg, sizes) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--force-color-profile=srgb'],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    const out = new Map();
    for (const size of sizes) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<html><body style="margin:0;background:transparent"><img src="${source}" width="${size}" height="${size}" style="display:block"></body></html>`,
      );
      // Runs in the page, where `document` exists.
      await page.waitForFunction(() => globalThis.document.images[0]?.complete === true);
      out.set(
        size,
        await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }),
      );
    }
    return out;
  } finally {
    await browser.close();
  }
}

async function main() {
  const root = resolve(import.meta.dirname, '..');
  const svg = await readFile(join(root, 'build', 'icon.svg'), 'utf8');
  const sizes = [...new Set([...PNG_SIZES, ...ICO_SIZES, ...ICNS_TYPES.map(([, s]) => s)])];
  const pngs = await rasterise(svg, sizes);
  const pngDir = join(root, 'build', 'icons', 'png');
  await mkdir(pngDir, { recursive: true });
  for (const size of PNG_SIZES) await writeFile(join(pngDir, `${size}x${size}.png`), pngs.get(size));
  await writeFile(
    join(root, 'build', 'icons', 'icon.ico'),
    buildIco(ICO_SIZES.map((size) => ({ size, png: pngs.get(size) }))),
  );
  await writeFile(
    join(root, 'build', 'icons', 'icon.icns'),
    buildIcns(ICNS_TYPES.map(([type, size]) => ({ type, png: pngs.get(size) }))),
  );
  console.info(
    `Icons written to ${join(root, 'build', 'icons')}: ${PNG_SIZES.join(', ')} px, icon.ico, icon.icns`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)
  main().catch((error) => {
    console.error(`npm run icons failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
