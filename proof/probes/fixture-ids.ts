// The seeded fixtures' IDs: every service started without a variation seeds the same
// ones, so probes can name the scheduled runs and the dashboard without being handed them.

import { seedStore } from '../../lib/reference/fixtures/fixtures.js';
import { ALPHANUMERIC } from '../../lib/reference/store/ids.js';

export const FIXTURE_IDS = seedStore(ALPHANUMERIC).fixtures;
