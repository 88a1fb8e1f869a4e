// Bytes received in chunks, as text.

/**
 * The chunks decoded as UTF-8, exactly as `Buffer.concat(chunks).toString('utf8')` decodes them (a character may
 * straddle two chunks; a leading byte order mark is kept), without the one buffer of their whole length: for a
 * 10 MB body that buffer was the largest allocation outside V8's heap, and the C library kept its pages.
 */
export function utf8Text(chunks: readonly Uint8Array[]): string {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const parts = chunks.map((chunk) => decoder.decode(chunk, { stream: true }));
  parts.push(decoder.decode());
  return parts.join('');
}
