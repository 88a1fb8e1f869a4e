// `--list`: the catalog with the checks that verify each requirement (narrowed by `--only`), from
// the build's inventory when the CLI runs compiled (lib/runner/inventory.ts). main.ts imports this
// module only for `--list`. A ConfigError thrown here (an unknown `--only` item) exits 2 (main.ts).

import { suiteInventory } from '../runner/inventory.js';
import { selectedItems } from '../runner/run.js';
import type { CliRequest } from './args.js';
import { catalogListing } from './listing.js';

export async function list(request: CliRequest, log: (line: string) => void): Promise<number> {
  const selected = selectedItems(request.only);
  log(catalogListing(await suiteInventory(), selected));
  return 0;
}
