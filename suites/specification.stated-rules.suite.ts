// What the published documents state about the specification's endpoints, against the
// specification: every bound, required or optional request item, place of a parameter or body field, enumeration,
// default, ID pattern and success media type they give for the 20 operations agrees with it; a document silent on any of them passes (lib/families/published/stated-rules.ts).

import { expectStatedAsSpecified, type StatementKind } from '../lib/families/published/stated-rules.js';
import { check, describeGroup } from '../lib/harness/index.js';

const KINDS: ReadonlyArray<{ readonly kind: StatementKind; readonly id: string; readonly title: string }> = [
  {
    kind: 'bounds',
    id: 'specification.published-bounds-agree-spec',
    title:
      'every length, count and number bound the published documents give a field or parameter of the specification is its own',
  },
  {
    kind: 'required',
    id: 'specification.published-required-fields-agree-spec',
    title:
      'every request body, field and parameter the specification makes required or optional is so where the published documents declare it (no required body where it gives none)',
  },
  {
    kind: 'places',
    id: 'specification.published-request-places-agree-spec',
    title:
      'every parameter and request body field the specification places (path, query, header, body) is published in its place, not moved or required elsewhere',
  },
  {
    kind: 'enums',
    id: 'specification.published-enums-agree-spec',
    title: 'every published enum of a field of the specification lists its values and admits no value it forbids',
  },
  {
    kind: 'defaults',
    id: 'specification.published-defaults-agree-spec',
    title: 'every default the published documents give a field or parameter of the specification is its own',
  },
  {
    kind: 'ids',
    id: 'specification.published-id-patterns-agree-spec',
    title:
      'every pattern, format and length the published documents give an ID parameter or field admits the IDs its rule allows',
  },
  {
    kind: 'media',
    id: 'specification.published-response-media-agree-spec',
    title:
      'every success response the published documents give media types lists one the specification answers in (YAML for a spec document, JSON elsewhere)',
  },
  {
    kind: 'served',
    id: 'specification.published-parameters-admit-served-values',
    title:
      "every published parameter schema admits the values the service gives for it: the listing's spec_name, the IDs it serves, its next_page_token",
  },
];

describeGroup('specification', () => {
  for (const { kind, id, title } of KINDS)
    check(id, ['SPEC-COVERS-ENDPOINTS'], title, (t) => expectStatedAsSpecified(t, kind, ['SPEC-COVERS-ENDPOINTS']));
});
