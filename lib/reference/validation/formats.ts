// Value formats the spec names: URLs, phone numbers, e-mail addresses, JSON text.

import { isIP } from 'node:net';

const E164 = /^\+[1-9]\d{1,14}$/;
const SIP = /^sips?:[^\s@]+@[^\s@]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isPhoneNumber = (value: string): boolean => E164.test(value) || SIP.test(value);
export const isEmail = (value: string): boolean => EMAIL.test(value);

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function isUrlWithScheme(value: string, schemes: readonly string[]): boolean {
  const url = parseUrl(value);
  return url !== null && schemes.includes(url.protocol) && url.hostname !== '';
}

export const isHttpUrl = (value: string): boolean => isUrlWithScheme(value, ['http:', 'https:']);
export const isWssUrl = (value: string): boolean => isUrlWithScheme(value, ['wss:']);

const PRIVATE_V4: readonly (readonly [number, number])[] = [
  // [network as a 32-bit number, prefix length]
  [0x00000000, 8], // 0.0.0.0/8, "this network" (unspecified)
  [0x0a000000, 8], // 10/8
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local 169.254/16
  [0xac100000, 12], // 172.16/12
  [0xc0a80000, 16], // 192.168/16
];

function isPrivateV4(address: string): boolean {
  const value = address.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
  return PRIVATE_V4.some(([network, prefix]) => Math.floor(value / 2 ** (32 - prefix)) === Math.floor(network / 2 ** (32 - prefix)));
}

function isPrivateV6(address: string): boolean {
  const lower = address.toLowerCase();
  // IPv4-mapped and IPv4-compatible forms (URL parsing rewrites them in hex, `::ffff:7f00:1`).
  const embedded = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (embedded?.[1] && embedded[2]) {
    const high = parseInt(embedded[1], 16);
    const low = parseInt(embedded[2], 16);
    return isPrivateV4([high >> 8, high & 255, low >> 8, low & 255].join('.'));
  }
  const dotted = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return isPrivateV4(dotted[1]);
  if (lower === '::' || lower === '::1') return true;
  // fc00::/7 (unique local) and fe80::/10 (link-local)
  return /^f[cd][0-9a-f]{0,2}:/.test(lower) || /^fe[89ab][0-9a-f]?:/.test(lower);
}

/** True when the host is not localhost, a loopback, private, link-local or unspecified address. */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  const family = isIP(host);
  if (family === 4) return !isPrivateV4(host);
  if (family === 6) return !isPrivateV6(host);
  return true;
}

export function isPublicHttpUrl(value: string): boolean {
  const url = parseUrl(value);
  return url !== null && isHttpUrl(value) && isPublicHost(url.hostname);
}

export function isJsonText(value: string): boolean {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}
