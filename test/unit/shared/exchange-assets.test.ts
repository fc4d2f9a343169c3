/**
 * The exchange asset table (src/shared/exchange-assets.ts): its schema, the CSV the operator
 * imports (`index,name,szDecimals[,pxDecimals]`) with every problem named by line, and the size
 * and price decimals the order ticket checks against it.
 */
import { describe, expect, it } from 'vitest';
import {
  SANDBOX_DEFAULT_ASSETS,
  assetCsv,
  exchangeAssetTable,
  parseAssetCsv,
  priceDecimalsProblem,
  sizeDecimalsProblem,
  type ExchangeAsset,
} from '../../../src/shared/exchange-assets';

const BTC: ExchangeAsset = { index: 0, name: 'BTC', szDecimals: 5 };
const ETH: ExchangeAsset = { index: 1, name: 'ETH', szDecimals: 4, pxDecimals: 2 };

describe('the asset table schema', () => {
  it('accepts distinct indexes and names, and the sandbox default', () => {
    expect(exchangeAssetTable.safeParse([BTC, ETH]).success).toBe(true);
    expect(exchangeAssetTable.safeParse([...SANDBOX_DEFAULT_ASSETS]).success).toBe(true);
    expect(exchangeAssetTable.safeParse([{ index: 10_001, name: 'PURR/USDC', szDecimals: 0 }]).success).toBe(
      true,
    );
  });

  it.each<[string, unknown[], RegExp]>([
    ['an index used twice', [BTC, { ...ETH, index: 0 }], /index 0 is already used by BTC/],
    [
      'a name used twice, in another case',
      [BTC, { ...ETH, name: 'btc' }],
      /name btc is already used by index 0/,
    ],
    ['a negative index', [{ ...BTC, index: -1 }], /0 or more/],
    ['a fractional index', [{ ...BTC, index: 1.5 }], /whole number/],
    ['szDecimals above 8', [{ ...BTC, szDecimals: 9 }], /0 to 8/],
    ['an empty name', [{ ...BTC, name: '  ' }], /must not be empty/],
    ['a name with a comma', [{ ...BTC, name: 'B,C' }], /letters, digits/],
    ['an unknown field', [{ ...BTC, colour: 'red' }], /colour/],
  ])('refuses %s', (_name, table, says) => {
    const parsed = exchangeAssetTable.safeParse(table);
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toMatch(says);
  });
});

describe('parseAssetCsv', () => {
  it('reads lines with or without the header, a BOM, CRLF, blank lines and an optional pxDecimals', () => {
    const csv = '\uFEFFindex,name,szDecimals\r\n0,BTC,5\r\n\r\n1, ETH ,4,2\r\n';
    expect(parseAssetCsv(csv)).toEqual({ ok: true, assets: [BTC, ETH] });
    expect(parseAssetCsv('0,BTC,5\n')).toEqual({ ok: true, assets: [BTC] });
  });

  it('round-trips the table it writes', () => {
    expect(parseAssetCsv(assetCsv([BTC, ETH]))).toEqual({ ok: true, assets: [BTC, ETH] });
    expect(assetCsv([BTC])).toBe('index,name,szDecimals\n0,BTC,5\n');
  });

  it.each<[string, string, string[]]>([
    ['too few fields', '0,BTC\n', ['line 1: expected index,name,szDecimals[,pxDecimals], found 2 field(s)']],
    ['a word for an index', 'x,BTC,5\n', ['line 1: index must be an asset index (a whole number)']],
    [
      'decimals that are no number',
      '0,BTC,five\n',
      ['line 1: szDecimals must be a whole number of decimals'],
    ],
    [
      'the same index on two lines',
      'index,name,szDecimals\n0,BTC,5\n0,ETH,4\n',
      ['line 3: index 0 is already used by BTC'],
    ],
    [
      'nothing but the header',
      'index,name,szDecimals\n',
      ['no asset found: expected lines of index,name,szDecimals'],
    ],
  ])('refuses %s, naming the line', (_name, csv, errors) => {
    expect(parseAssetCsv(csv)).toEqual({ ok: false, errors });
  });
});

describe('size and price decimals', () => {
  it.each<[string, string | null]>([
    ['0.00001', null],
    ['1.50000000', null],
    ['12', null],
    ['0.000001', 'BTC sizes take at most 5 decimals (szDecimals 5); 0.000001 has 6'],
  ])('size %s for BTC', (size, problem) => {
    expect(sizeDecimalsProblem(size, BTC)).toBe(problem);
  });

  it('checks prices only where the table gives pxDecimals', () => {
    expect(priceDecimalsProblem('3000.123', BTC)).toBeNull();
    expect(priceDecimalsProblem('3000.12', ETH)).toBeNull();
    expect(priceDecimalsProblem('3000.123', ETH)).toBe('ETH prices take at most 2 decimals; 3000.123 has 3');
  });
});
