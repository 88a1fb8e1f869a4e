// How requests reach the target beyond its address: a proxy (HTTP_PROXY, HTTPS_PROXY, NO_PROXY,
// through undici's EnvHttpProxyAgent), TLS certificates not verified (INSECURE), extra headers (HEADERS).
// Only the settings count: undici's agent would read the environment itself when given nothing, so it is
// always given every value ('' for unset), and a command-line option wins as for every setting.

import { Agent, type Dispatcher, EnvHttpProxyAgent } from 'undici';
import { type Config, credentialHeader, type ExtraHeader } from '../config.js';
import type { ConnectionRecorder } from './received.js';
import { registerSecret } from './redact.js';

export interface Transport {
  readonly httpProxy?: string | undefined;
  readonly httpsProxy?: string | undefined;
  readonly noProxy?: string | undefined;
  readonly insecure?: boolean;
  /** Sent with every request unless the request sets or removes the header itself. */
  readonly headers?: readonly ExtraHeader[];
  /** VERBOSE: one line per request on stderr (requestLine). */
  readonly verbose?: boolean;
}

/** What of the settings the client needs to reach the target; secret header values are registered for redaction. */
export function transportOf(config: Config): Transport {
  for (const header of config.secretHeaders) registerSecret(header.value);
  for (const header of config.headers) if (credentialHeader(header.name)) registerSecret(header.value);
  return {
    httpProxy: config.httpProxy,
    httpsProxy: config.httpsProxy,
    noProxy: config.noProxy,
    insecure: config.insecure,
    headers: [...config.headers, ...config.secretHeaders],
    verbose: config.verbose,
  };
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/**
 * The proxy a request to `url` goes through, if any: the rule of undici's EnvHttpProxyAgent (which routes
 * the requests; this names the route in messages and reports). NO_PROXY entries match a host and its
 * subdomains, `:port` narrows one, `*` exempts all; nothing is exempt by default, loopback included.
 */
export function proxyFor(url: string, transport: Transport): string | undefined {
  const { protocol, host, port } = new URL(url);
  const proxy = protocol === 'https:' ? transport.httpsProxy || transport.httpProxy : transport.httpProxy;
  if (!proxy) return undefined;
  const noProxy = transport.noProxy?.trim() ?? '';
  if (noProxy === '*') return undefined;
  const hostname = host.replace(/:\d*$/, '').toLowerCase();
  const portNumber = Number.parseInt(port, 10) || DEFAULT_PORTS[protocol] || 0;
  const exempt = noProxy
    .split(/[,\s]/)
    .filter(Boolean)
    .some((entry) => {
      const parsed = /^(.+):(\d+)$/.exec(entry);
      const name = (parsed ? parsed[1]! : entry).replace(/^\*?\./, '').toLowerCase();
      if (parsed && Number(parsed[2]) !== portNumber) return false;
      return hostname === name || hostname.endsWith(`.${name}`);
    });
  return exempt ? undefined : proxy;
}

/** A proxy's address as shown: without its credentials. */
export function shownProxy(proxy: string): string {
  const url = new URL(proxy);
  if (url.password) registerSecret(decodeURIComponent(url.password));
  url.username = '';
  url.password = '';
  return url.href.replace(/\/$/, '');
}

/** ` through the proxy http://proxy:3128`, or nothing: the route named where the target is. */
export function routeText(url: string, transport: Transport): string {
  const proxy = proxyFor(url, transport);
  return proxy ? ` through the proxy ${shownProxy(proxy)}` : '';
}

/**
 * An agent with these options, through the proxies of `transport` when any is set. With `recorder`, each connection
 * it opens to the target directly is recorded (a proxy's connections are not: the proxy frames the answers).
 */
export function dispatcher(options: Agent.Options, transport: Transport, recorder?: ConnectionRecorder): Dispatcher {
  const tls = transport.insecure ? { rejectUnauthorized: false } : undefined;
  const direct = recorder
    ? { ...options, connect: recorder.connector(tls) }
    : tls
      ? { ...options, connect: tls }
      : options;
  if (!transport.httpProxy && !transport.httpsProxy) return new Agent(direct);
  return new EnvHttpProxyAgent({
    ...direct,
    ...(tls ? { requestTls: tls } : {}),
    httpProxy: transport.httpProxy ?? '',
    httpsProxy: transport.httpsProxy ?? '',
    noProxy: transport.noProxy ?? '',
  });
}

/** The proxy and TLS caveat of a run's target, as its reports name them. */
export function targetRoute(baseUrl: string, transport: Transport): { proxy?: string; insecure?: true } {
  const proxy = proxyFor(baseUrl, transport);
  return {
    ...(proxy ? { proxy: shownProxy(proxy) } : {}),
    ...(transport.insecure ? { insecure: true } : {}),
  };
}
