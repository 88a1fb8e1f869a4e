// `--list`: the catalog with the checks that verify each requirement (narrowed by `--only`), from
// the build's inventory when the CLI runs compiled (lib/runner/inventory.ts); with BASE_URL set,
// also the checks the target's published documents generate beyond the 20 endpoints. main.ts
// imports this module only for `--list`. A ConfigError thrown here (an unknown `--only` item, a bad
// BASE_URL) exits 2 (main.ts), as does a target whose documents cannot be read.

import { parseConfig } from '../config.js';
import { suiteInventory } from '../runner/inventory.js';
import { operationsBeyondContract } from '../runner/published-operations.js';
import { selectedItems } from '../runner/run.js';
import type { CliRequest } from './args.js';
import { catalogListing, generatedListing } from './listing.js';

export async function list(request: CliRequest, log: (line: string) => void): Promise<number> {
  const selected = selectedItems(request.only);
  log(catalogListing(await suiteInventory(), selected));
  const config = parseConfig(request.env);
  if (config.baseUrl === undefined) return 0;
  const { operations, problems } = await operationsBeyondContract(config);
  if (!operations.length && problems.length) {
    log(`\nWhat ${config.baseUrl} publishes could not be read: ${problems.join('; ')}`);
    return 2;
  }
  log(`\n${generatedListing(config.baseUrl, operations)}`);
  return 0;
}
