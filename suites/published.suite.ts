// Every operation the target publishes beyond the specification's 20 endpoints, checked against
// the rules the specification states for the whole service: each is served and refuses requests
// without a valid key; a GET answers as published, wrapped, with UTC timestamps and errors in the
// envelope; a published list pages as the list rules say. The checks are generated from the
// target's own documents, one group per document (lib/families/published/).

import { declarePublishedChecks } from '../lib/families/published/index.js';
import { describePublished } from '../lib/harness/index.js';

await describePublished(declarePublishedChecks);
