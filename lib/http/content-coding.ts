// Content codings (RFC 9110 8.4): what a Content-Encoding header names, and a body decoded as it says.

import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

type Decoder = (bytes: Buffer, options: { maxOutputLength: number }) => Buffer;

/**
 * The content codings of RFC 9110 8.4.1 and RFC 7932, each strictly as registered: `deflate` is the zlib format (RFC
 * 1950: a header and a checksum around the DEFLATE data), so raw DEFLATE labelled `deflate` does not decode.
 */
const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
};

/** The codings a Content-Encoding header names, in the order applied, lower case, `identity` left out (`x-gzip` is gzip). */
export function contentCodings(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((coding) =>
      coding
        .trim()
        .toLowerCase()
        .replace(/^x-gzip$/, 'gzip'),
    )
    .filter((coding) => coding !== '' && coding !== 'identity');
}

/**
 * A body as its Content-Encoding says it was coded, decoded (codings undone last first), as a client honouring the
 * header reads it; a coding unknown here, or a body that does not decode, is kept as it came (checks judge the bytes).
 */
export function decodedBody(chunks: Buffer[], contentEncoding: string | undefined, cap: number): Buffer[] {
  const codings = contentCodings(contentEncoding);
  // Uncoded bodies stay in their chunks: no buffer of their whole length (large bodies, memory).
  if (codings.length === 0) return chunks;
  const bytes = Buffer.concat(chunks);
  try {
    return [
      codings.reduceRight<Buffer>((body, coding) => {
        const decoder = DECODERS[coding];
        if (!decoder) throw new Error(`unknown content coding ${coding}`);
        return decoder(body, { maxOutputLength: cap });
      }, bytes),
    ];
  } catch {
    return [bytes];
  }
}
