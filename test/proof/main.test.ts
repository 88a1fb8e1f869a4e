// `npm run reference` as a person meets it: clear one-line mistakes, a listening line that says
// what is switched on, the fault list, and a clean stop on SIGTERM (also when npm is the one signalled);
// and `aes-conformance reference`, the same command compiled, as the package ships it.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { FAULTS } from '../../proof/faults/index.js';
import { ROOT } from '../support/run-cli.js';

const MAIN = ['--import', 'tsx', 'proof/main.ts'];

interface Ended {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function collect(child: ChildProcess): { output: () => { stdout: string; stderr: string }; ended: Promise<Ended> } {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => void (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => void (stderr += d.toString()));
  const ended = new Promise<Ended>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { output: () => ({ stdout, stderr }), ended };
}

const reference = (env: Record<string, string>, args: readonly string[] = []) =>
  spawn(process.execPath, [...MAIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** Waits until `check` holds, polling; the bound only guards against a hang. */
async function until<T>(
  check: () => T | undefined | Promise<T | undefined>,
  what: string,
  boundMs = 60_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > boundMs) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const portOf = (stdout: string): number | undefined => {
  const port = /^BASE_URL=http:\/\/127\.0\.0\.1:(\d+)$/m.exec(stdout)?.[1];
  return port === undefined ? undefined : Number(port);
};

describe('npm run reference', () => {
  test('an unknown fault, variation or port is one clear line and exit 2, with the closest name offered', async () => {
    const [faults, variation, port] = await Promise.all([
      collect(reference({ FAULTS: 'nonsense,list-page-gapp' })).ended,
      collect(reference({ VARIATION: 'alt-z' })).ended,
      collect(reference({ PORT: '99999' })).ended,
    ]);
    expect(faults.code).toBe(2);
    expect(faults.stderr.trim()).toBe(
      `reference service: FAULTS: unknown fault "nonsense", "list-page-gapp" (did you mean list-page-gap?); \`npm run reference -- --list-faults\` lists the ${FAULTS.length} faults`,
    );
    expect(variation).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /^reference service: VARIATION: unknown variation "alt-z"; known: default, rest-statuses/,
      ),
    });
    expect(port).toMatchObject({
      code: 2,
      stderr: 'reference service: PORT: "99999" is not a port number (0 to 65535)\n',
    });
  }, 120_000);

  test('an empty PORT and a LATENCY_MS that is not a whole number of milliseconds are refused, not read as 0 or NaN', async () => {
    const ended = await Promise.all([
      collect(reference({ PORT: '' })).ended,
      collect(reference({ PORT: '80.5' })).ended,
      collect(reference({ LATENCY_MS: 'slow' })).ended,
      collect(reference({ LATENCY_MS: '' })).ended,
      collect(reference({ LATENCY_MS: '-5' })).ended,
      collect(reference({ LATENCY_MS: '1e3' })).ended,
    ]);
    expect(ended.map((e) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }))).toEqual(
      [
        'PORT: "" is not a port number (0 to 65535)',
        'PORT: "80.5" is not a port number (0 to 65535)',
        'LATENCY_MS: "slow" is not a whole number of milliseconds (0 to 2147483647)',
        'LATENCY_MS: "" is not a whole number of milliseconds (0 to 2147483647)',
        'LATENCY_MS: "-5" is not a whole number of milliseconds (0 to 2147483647)',
        'LATENCY_MS: "1e3" is not a whole number of milliseconds (0 to 2147483647)',
      ].map((message) => ({ code: 2, stdout: '', stderr: `reference service: ${message}\n` })),
    );
  }, 120_000);

  test('a port in use is said in words, not as a stack trace', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = blocker.address() as AddressInfo;
      const ended = await collect(reference({ PORT: String(port) })).ended;
      expect(ended.code).toBe(2);
      expect(ended.stderr).toBe(
        `reference service: port ${port} on 127.0.0.1 is in use: set PORT to another (PORT=0 picks a free one)\n`,
      );
    } finally {
      blocker.close();
    }
  }, 120_000);

  test('--list-faults lists every fault with its description, the variations and the chaos modes', async () => {
    const { code, stdout } = await collect(reference({}, ['--list-faults'])).ended;
    expect(code).toBe(0);
    for (const fault of FAULTS) expect(stdout).toContain(`  ${fault.id} `);
    expect(stdout).toMatch(/^Variations \(VARIATION=name\)/m);
    expect(stdout).toMatch(/^ {2}localized-pointers: /m);
    expect(stdout).toMatch(/^Chaos modes/m);
  }, 120_000);

  test('says what it serves, and SIGTERM stops it and frees the port', async () => {
    const child = reference({ FAULTS: 'list-page-gap', VARIATION: 'rest-statuses' });
    const { output, ended } = collect(child);
    const port = await until(() => portOf(output().stdout), 'the BASE_URL line');
    await until(() => (/listening/.test(output().stderr) ? true : undefined), 'the listening line');
    expect(output().stderr).toContain(
      `reference service listening on http://127.0.0.1:${port} (variation rest-statuses; faults: list-page-gap); Ctrl-C stops it`,
    );
    expect(await accepts(port)).toBe(true);
    child.kill('SIGTERM');
    expect((await ended).code).toBe(0);
    expect(await accepts(port)).toBe(false);
  }, 120_000);

  test('SIGTERM to `npm run reference` stops the service too (npm does not pass it on)', async () => {
    const npm = spawn('npm', ['run', '--silent', 'reference'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const { output } = collect(npm);
    const port = await until(() => portOf(output().stdout), 'the BASE_URL line');
    npm.kill('SIGTERM');
    await until(async () => ((await accepts(port)) ? undefined : true), `the port ${port} to be freed`);
  }, 120_000);
});

describe('aes-conformance reference, compiled', () => {
  test('serves the reference with the faults its options name, reached over HTTP, until SIGTERM', async () => {
    expect(spawnSync(process.execPath, ['bin/build.js'], { cwd: ROOT }).status).toBe(0);
    // The compiled CLI, which loads the compiled command (dist/proof/main.js).
    const args = [
      'dist/lib/cli/main.js',
      'reference',
      '--faults',
      'auth-wrong-key-accepted',
      '--variation=rest-statuses',
      '--port',
      '0',
    ];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const { output, ended } = collect(child);
    const port = await until(() => portOf(output().stdout), 'the BASE_URL line');
    const answer = await fetch(`http://127.0.0.1:${port}/v1/personas`, { headers: { 'X-API-Key': 'not-the-key' } });
    expect(answer.status).toBe(200);
    expect(output().stderr).toContain('(variation rest-statuses; faults: auth-wrong-key-accepted)');
    child.kill('SIGTERM');
    expect((await ended).code).toBe(0);
  }, 120_000);

  test('an unknown option is one clear line and exit 2', async () => {
    const ended = await collect(
      spawn(process.execPath, ['dist/lib/cli/main.js', 'reference', '--fault', 'x'], { cwd: ROOT }),
    ).ended;
    expect(ended).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'reference service: unknown argument --fault; see --help\n',
    });
  }, 120_000);
});
