import { describe, expect, it } from 'vitest';
import {
  DETAIL_WIDTH,
  clampDetailWidth,
  parseDetailWidth,
  widthAfterKey,
} from '../../../../src/renderer/src/components/view-kit/split-width';

describe('clampDetailWidth', () => {
  it.each([
    { px: 100, viewport: 1280, expected: DETAIL_WIDTH.min },
    { px: 400.4, viewport: 1280, expected: 400 },
    { px: 2000, viewport: 1280, expected: 896 }, // 70 % of 1280
    { px: 500, viewport: 300, expected: DETAIL_WIDTH.min }, // a tiny window: never below the minimum
  ])('$px px in a $viewport px window → $expected', ({ px, viewport, expected }) => {
    expect(clampDetailWidth(px, viewport)).toBe(expected);
  });
});

describe('parseDetailWidth', () => {
  it.each([
    { stored: null, expected: null },
    { stored: '', expected: null },
    { stored: 'wide', expected: null },
    { stored: '-5', expected: null },
    { stored: '12.5', expected: null },
    { stored: '420', expected: 420 },
  ])('$stored → $expected', ({ stored, expected }) => {
    expect(parseDetailWidth(stored)).toBe(expected);
  });
});

describe('widthAfterKey', () => {
  it.each([
    { key: 'ArrowLeft', width: 400, expected: 424 },
    { key: 'ArrowRight', width: 400, expected: 376 },
    { key: 'ArrowRight', width: DETAIL_WIDTH.min, expected: DETAIL_WIDTH.min },
    { key: 'Home', width: 600, expected: DETAIL_WIDTH.min },
    { key: 'End', width: 400, expected: 896 },
    { key: 'Enter', width: 400, expected: null },
  ])('$key from $width → $expected', ({ key, width, expected }) => {
    expect(widthAfterKey(key, width, 1280)).toBe(expected);
  });
});
