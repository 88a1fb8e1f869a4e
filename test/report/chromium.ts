// Headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`: the
// browser reads commands from fd 3 and answers on fd 4, NUL-separated JSON), with no npm dependency
// and no port. Used to render report.html as a reader's browser would: the text it shows, every
// request it makes, and a screenshot.

import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';

/** Debian's `chromium` package; CHROMIUM overrides. Undefined when none can be run. */
export function findChromium(): string | undefined {
  const candidates = [
    process.env['CHROMIUM'],
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/lib/chromium/chromium',
  ];
  return candidates.find((path): path is string => {
    if (!path) return false;
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export interface RenderedPage {
  /** document.body.innerText: the text a reader sees (hidden elements excluded). */
  readonly text: string;
  /** innerText of the elements with these ids (undefined when absent). */
  readonly byId: Readonly<Record<string, string | undefined>>;
  /** Every request the page made, the page itself included. */
  readonly requests: readonly string[];
  /** Resource Timing entries: anything the page loaded after the document. */
  readonly resources: readonly string[];
  /** The page's full height in CSS pixels (document.documentElement.scrollHeight). */
  readonly height: number;
  /** Distance in CSS pixels from the top of the page to the top of the elements with these ids (undefined when absent). */
  readonly tops: Readonly<Record<string, number | undefined>>;
  /** The value of the `probe` expression, evaluated in the page (JSON-serialisable values only). */
  readonly probed?: unknown;
  readonly png: Buffer;
}

export interface RenderOptions {
  readonly width?: number;
  readonly height?: number;
  readonly timeoutMs?: number;
  /** A JavaScript expression evaluated in the loaded page; its value comes back as `probed`. */
  readonly probe?: string;
  /** Opens the page at this fragment (`req-AUTH-MISSING-KEY`), as following a link to it would. */
  readonly fragment?: string;
}

interface Message {
  id?: number;
  method?: string;
  sessionId?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
}

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--disable-default-apps',
  '--mute-audio',
  '--hide-scrollbars',
  '--remote-debugging-pipe',
];

/** Opens `file` in a fresh headless Chromium (own profile directory), `width` x `height` CSS pixels, and reads it back. */
export async function renderFile(
  chromium: string,
  file: string,
  ids: readonly string[],
  options: RenderOptions = {},
): Promise<RenderedPage> {
  const profile = await mkdtemp(join(tmpdir(), 'aes-chromium-'));
  const child = spawn(chromium, [...FLAGS, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
  });
  const session = new Pipe(child);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const timer = setTimeout(() => session.abort(new Error(`Chromium did not finish within ${timeoutMs} ms`)), timeoutMs);
  try {
    const url = `${pathToFileURL(file).href}${options.fragment === undefined ? '' : `#${options.fragment}`}`;
    const { targetId } = await session.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await session.send('Target.attachToTarget', { targetId, flatten: true });
    const page = (method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> =>
      session.send(method, params, sessionId as string);
    const requests: string[] = [];
    session.on('Network.requestWillBeSent', (params) =>
      requests.push(String((params['request'] as { url?: unknown } | undefined)?.url)),
    );
    await page('Network.enable');
    await page('Page.enable');
    await page('Emulation.setDeviceMetricsOverride', {
      width: options.width ?? 1280,
      height: options.height ?? 2000,
      deviceScaleFactor: 1,
      mobile: false,
    });
    const loaded = session.next('Page.loadEventFired');
    await page('Page.navigate', { url });
    await loaded;
    const probe = `JSON.stringify({
      text: document.body.innerText,
      byId: Object.fromEntries(${JSON.stringify(ids)}.map((id) => [id, document.getElementById(id)?.innerText])),
      resources: performance.getEntriesByType('resource').map((e) => e.name),
      height: document.documentElement.scrollHeight,
      tops: Object.fromEntries(${JSON.stringify(ids)}.map((id) => {
        const element = document.getElementById(id);
        return [id, element ? Math.round(element.getBoundingClientRect().top + window.scrollY) : undefined];
      })),
      probed: ${options.probe === undefined ? 'undefined' : `(${options.probe})`},
    })`;
    const evaluated = await page('Runtime.evaluate', { expression: probe, returnByValue: true });
    const value = (evaluated['result'] as { value?: unknown } | undefined)?.value;
    const seen = JSON.parse(String(value)) as Pick<
      RenderedPage,
      'text' | 'byId' | 'resources' | 'height' | 'tops' | 'probed'
    >;
    const shot = await page('Page.captureScreenshot', { format: 'png' });
    // A clean exit leaves no process behind; close() kills it if it takes longer.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await session.send('Browser.close').catch(() => undefined);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
    return { ...seen, requests, png: Buffer.from(String(shot['data']), 'base64') };
  } finally {
    clearTimeout(timer);
    session.close();
    await rm(profile, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** The DevTools protocol over the child's fds 3 (commands) and 4 (answers and events). */
class Pipe {
  private nextId = 1;
  private buffer = '';
  private readonly pending = new Map<
    number,
    { resolve: (r: Record<string, unknown>) => void; reject: (e: Error) => void }
  >();
  private readonly listeners = new Map<string, Array<(params: Record<string, unknown>) => void>>();
  private failure: Error | undefined;
  private stderr = '';

  constructor(private readonly child: ChildProcess) {
    const output = child.stdio[4] as Readable;
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => this.receive(chunk));
    (child.stdio[2] as Readable).on(
      'data',
      (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-2000)),
    );
    child.on('error', (error) => this.abort(error));
    child.on('exit', (code, signal) =>
      this.abort(new Error(`Chromium exited (${code ?? signal}): ${this.stderr.trim()}`)),
    );
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const input = this.child.stdio[3] as Writable;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  }

  on(method: string, listener: (params: Record<string, unknown>) => void): void {
    this.listeners.set(method, [...(this.listeners.get(method) ?? []), listener]);
  }

  /** The next event of that name. */
  next(method: string): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      let done = false;
      this.on(method, (params) => {
        if (done) return;
        done = true;
        resolve(params);
      });
      this.on('#failure', () => {
        if (done) return;
        done = true;
        reject(this.failure);
      });
    });
  }

  abort(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    for (const listener of this.listeners.get('#failure') ?? []) listener({});
    this.child.kill('SIGKILL');
  }

  close(): void {
    this.abort(new Error('closed'));
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\0')) >= 0) {
      const message = JSON.parse(this.buffer.slice(0, end)) as Message;
      this.buffer = this.buffer.slice(end + 1);
      if (message.id !== undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result ?? {});
      } else if (message.method) {
        for (const listener of this.listeners.get(message.method) ?? []) listener(message.params ?? {});
      }
    }
  }
}
