// The house has one direction: a module imports only from its own layer or the layers below
// it, and no import loop exists anywhere (the reference service included). docs/architecture.md
// draws the same picture.

import { describe, expect, it } from 'vitest';
import { type Edge, importGraph, importLoops } from './import-graph.js';

/** Bottom first. A file's layer is its folder under lib/ (or lib/<name>.ts), `suites`, `proof` or `bin`. */
export const LAYERS = [
  'util', // small helpers that import nothing of ours
  'contract', // the specification as data
  'config', // settings from the environment, validated once
  'http', // one client; every exchange recorded; redaction
  'gen', // fast-check arbitraries built from the contract
  'schema', // one ajv; what the checks ask of a target's published schemas
  'result', // the result model: check results, names, findings settled, verdicts
  'protocol', // what crosses the process boundary: the plan and what a check records
  'published', // the target's published OpenAPI documents: fetch, validate, index
  'generic', // what a target publishes beyond the 20 endpoints, as the generic layer reads it
  'assert', // pure judgements of an exchange or a list of items
  'harness', // check(), the context a check gets, targets, resources, discovery, list walks
  'families', // reusable families of checks, each a function of a declaration in contract/
  'explore', // model-based exploration: command sequences judged against a model of the specification's state
  'suites', // one file per topic: the checks
  'reference', // the embedded reference service: reached over HTTP; imports contract and util only
  'waivers', // accepted failures, applied to results
  'report', // JUnit, HTML, summary.json, console: all from result/
  'runner', // one run: plan, vitest, collection
  'proof', // proof/: faults, variations, chaos, probes, the proof's batches; the reference command
  'cli', // the command line (its `reference` command loads proof/main.ts, and nothing else of proof/)
  'bin',
] as const;

/** Layers that may import only these (beside the strict order): the reference stands apart from what it is judged by. */
const ONLY_FROM: Partial<Record<(typeof LAYERS)[number], readonly string[]>> = {
  reference: ['contract', 'util'],
  suites: ['util', 'contract', 'gen', 'schema', 'result', 'published', 'assert', 'harness', 'families', 'explore'],
};

export function layerOf(file: string): string {
  const [top, second, third] = file.split('/');
  if (top !== 'lib') return top!;
  return third === undefined ? second!.replace(/\.ts$/, '') : second!;
}

export function layeringViolations(edges: readonly Edge[]): string[] {
  const rank = (layer: string) => {
    const at = (LAYERS as readonly string[]).indexOf(layer);
    if (at < 0) throw new Error(`no layer "${layer}" in LAYERS: add it where it belongs`);
    return at;
  };
  return edges.flatMap(({ from, to }) => {
    const [a, b] = [layerOf(from), layerOf(to)];
    if (a === b) return [];
    const allowed = ONLY_FROM[a as keyof typeof ONLY_FROM];
    if (allowed && !allowed.includes(b)) return [`${from} -> ${to} (${a} may import only ${allowed.join(', ')})`];
    return rank(b) > rank(a) ? [`${from} -> ${to} (${a} is below ${b})`] : [];
  });
}

describe('architecture', () => {
  const edges = importGraph(['lib', 'suites', 'proof', 'bin']);

  it('reads the imports it judges', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual({ from: 'suites/auth.suite.ts', to: 'lib/harness/index.ts' });
  });

  it('no import points up', () => {
    expect(layeringViolations(edges)).toEqual([]);
  });

  it("the product imports nothing of the proof but the reference command's entry, from the CLI", () => {
    const product = edges.filter(({ from }) => layerOf(from) !== 'proof');
    expect(product.filter(({ to }) => layerOf(to) === 'proof')).toEqual([
      { from: 'lib/cli/main.ts', to: 'proof/main.ts' },
    ]);
  });

  it('no import loop exists', () => {
    expect(importLoops(edges)).toEqual([]);
  });

  it('would see an upward import, a loop and a self-import', () => {
    const up = { from: 'lib/contract/limits.ts', to: 'lib/harness/check.ts' };
    expect(layeringViolations([up])).toEqual([
      'lib/contract/limits.ts -> lib/harness/check.ts (contract is below harness)',
    ]);
    expect(layeringViolations([{ from: 'lib/reference/server.ts', to: 'lib/http/client.ts' }])).toHaveLength(1);
    const loop = [
      { from: 'lib/a/x.ts', to: 'lib/a/y.ts' },
      { from: 'lib/a/y.ts', to: 'lib/a/z.ts' },
      { from: 'lib/a/z.ts', to: 'lib/a/x.ts' },
    ];
    expect(importLoops(loop)).toEqual([['lib/a/x.ts', 'lib/a/y.ts', 'lib/a/z.ts']]);
    expect(importLoops([{ from: 'lib/a/x.ts', to: 'lib/a/x.ts' }])).toEqual([['lib/a/x.ts']]);
    expect(importLoops([{ from: 'lib/a/x.ts', to: 'lib/a/y.ts' }])).toEqual([]);
  });
});
