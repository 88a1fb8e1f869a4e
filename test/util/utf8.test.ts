import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Text } from '../../lib/util/utf8.js';

/** Bytes near UTF-8's edges: ASCII, continuation and lead bytes, overlong and surrogate leads, a byte order mark's. */
const EDGE_BYTES = [0x00, 0x22, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbb, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0];
const MORE_EDGES = [0xe1, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff];
const edgeByte = fc.constantFrom(...EDGE_BYTES, ...MORE_EDGES);

/** The bytes cut into chunks at the given places. */
const cutAt = (bytes: Buffer, cuts: number[]): Buffer[] => {
  const ends = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  return [...ends, bytes.length].map((end, i) => bytes.subarray(i ? ends[i - 1] : 0, end));
};

describe('utf8Text', () => {
  it('decodes chunks as Buffer decodes their concatenation, however they are cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(edgeByte, fc.integer({ min: 0, max: 255 })), { maxLength: 24 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        (values, cuts) => {
          const bytes = Buffer.from(values);
          expect(utf8Text(cutAt(bytes, cuts))).toBe(bytes.toString('utf8'));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps a leading byte order mark, and reads no chunks as empty text', () => {
    expect(utf8Text([Buffer.from([0xef, 0xbb]), Buffer.from([0xbf, 0x41])])).toBe('\uFEFFA');
    expect(utf8Text([])).toBe('');
  });
});
