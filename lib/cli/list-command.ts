// `--list`: the catalog with the checks that verify each requirement, each by its id (narrowed by
// `--only`, `--exclude` and `--grep` as a run narrows it), from the build's inventory when the CLI runs compiled
// (lib/runner/inventory.ts); with BASE_URL set, also the checks the target's published documents
// generate beyond the 20 endpoints. Text, or JSON with `--format json`. main.ts imports this module
// only for `--list`, and it loads nothing of a run (test/cli/list-loads.test.ts): the published
// documents are read, by a module imported then, only with BASE_URL set. A ConfigError thrown here
// (an unknown `--only` item, a bad BASE_URL) exits 2 (main.ts), as does a target whose documents cannot be read.

import { parseConfig } from '../config.js';
import { selectedItems, selection } from '../result/selection.js';
import { suiteInventory } from '../runner/inventory.js';
import type { CliRequest } from './args.js';
import { catalogJson, catalogListing, generatedListing } from './listing.js';

export async function list(request: CliRequest, log: (line: string) => void): Promise<number> {
  const { only, exclude, declared } = selection(selectedItems(request.only), request.exclude, request.grep);
  const chosen = { only, exclude, ...(declared.grep === undefined ? {} : { grep: declared.grep }) };
  const inventory = await suiteInventory();
  const config = parseConfig(request.env);
  const json = request.format === 'json';
  if (config.baseUrl === undefined)
    return (json ? process.stdout.write(catalogJson(inventory, chosen)) : log(catalogListing(inventory, chosen)), 0);
  const { readGenericOperations } = await import('../runner/published-operations.js');
  const { operations, problems } = await readGenericOperations(config);
  if (!operations.length && problems.length) {
    if (!json) log(catalogListing(inventory, chosen));
    log(`\nWhat ${config.baseUrl} publishes could not be read: ${problems.join('; ')}`);
    return 2;
  }
  if (json) process.stdout.write(catalogJson(inventory, chosen, { baseUrl: config.baseUrl, operations }));
  else log(`${catalogListing(inventory, chosen)}\n\n${generatedListing(config.baseUrl, operations)}`);
  return 0;
}
