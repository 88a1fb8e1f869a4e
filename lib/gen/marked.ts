// Values that carry the run marker yet keep an exact length: boundary values are
// sent with the marker at the front, so a leftover on a real server names its run.

import { charLength } from '../contract/limits.js';

/**
 * `value` with its first characters replaced by `<marker> `, keeping the length in code
 * points (what the limits count), whatever the marker is made of (AES_RUN_MARKER is the
 * user's). Too short to hold the marker: returned unchanged.
 */
export function marked(marker: string, value: string): string {
  const prefix = `${marker} `;
  const chars = [...value];
  const prefixLength = charLength(prefix);
  return chars.length > prefixLength ? prefix + chars.slice(prefixLength).join('') : value;
}

/** Whether `marked` could place the marker in a value of this many code points. */
export const holdsMarker = (marker: string, value: string): boolean => charLength(value) > charLength(marker) + 1;
