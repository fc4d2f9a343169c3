/** The generated icons in build/ (npm run icons) are what electron-builder.yml points at, in every size. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
// @ts-expect-error: a plain .mjs script without types
import * as icons from '../../../scripts/make-icons.mjs';

const { ICNS_TYPES, ICO_SIZES, PNG_SIZES, pngSize } = icons as {
  ICNS_TYPES: [string, number][];
  ICO_SIZES: number[];
  PNG_SIZES: number[];
  pngSize(png: Buffer): { width: number; height: number };
};
const dir = resolve(__dirname, '../../../build/icons');

describe('generated icons', () => {
  it('has a PNG with transparency for every size from 16 to 1024', () => {
    expect(PNG_SIZES[0]).toBe(16);
    expect(PNG_SIZES.at(-1)).toBe(1024);
    for (const size of PNG_SIZES) {
      const png = readFileSync(join(dir, 'png', `${size}x${size}.png`));
      expect(pngSize(png), `${size}`).toEqual({ width: size, height: size });
      expect(png[25], `${size}: colour type RGBA`).toBe(6);
    }
  });

  it('has a Windows .ico holding every size up to 256', () => {
    const ico = readFileSync(join(dir, 'icon.ico'));
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    expect(count).toBe(ICO_SIZES.length);
    for (let i = 0; i < count; i++) {
      const entry = 6 + 16 * i;
      const declared = ico[entry] === 0 ? 256 : ico[entry]!;
      const png = ico.subarray(
        ico.readUInt32LE(entry + 12),
        ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8),
      );
      expect(pngSize(png)).toEqual({ width: declared, height: declared });
    }
  });

  it('has a macOS .icns holding every element type, 16 to 1024', () => {
    const icns = readFileSync(join(dir, 'icon.icns'));
    expect(icns.toString('latin1', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const found: [string, number][] = [];
    for (let at = 8; at < icns.length;) {
      const length = icns.readUInt32BE(at + 4);
      found.push([icns.toString('latin1', at, at + 4), pngSize(icns.subarray(at + 8, at + length)).width]);
      at += length;
    }
    expect(found).toEqual(ICNS_TYPES);
  });

  it('refuses to read something that is not a PNG', () => {
    expect(() => pngSize(Buffer.from('GIF89a this is not a png at all'))).toThrow(/not a PNG/);
  });
});
