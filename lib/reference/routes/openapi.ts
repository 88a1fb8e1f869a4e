// GET /v1/openapi, GET /v1/openapi/{spec_name}: public, YAML unless JSON is asked for.

import type { Behaviour } from '../behaviour.js';
import { json, type RequestContext, type Routes } from '../http/context.js';
import { memo } from '../memo.js';
import { specDocument, specEntries } from '../openapi/documents.js';
import type { SpecForm } from '../openapi/negotiate.js';
import { specText } from '../openapi/serialize.js';
import { existing } from './lookup.js';

/** A document does not change while the service runs: each is written once per name, address and form. */
const written = memo<string>(64);

/** The named document as text in the given form for a client that reached `baseUrl`; undefined if there is none. */
function publishedText(b: Behaviour, name: string, baseUrl: string, form: SpecForm): string | undefined {
  return written.get(b, JSON.stringify([name, baseUrl, form]), () => {
    const doc = specDocument(b, name, baseUrl);
    return doc && b.publishing.written(specText(b.publishing.finalize(doc, form), form, b.publishing), form, name);
  });
}

function fetchSpec({ b, baseUrl, headers, param }: RequestContext) {
  const form = b.publishing.negotiate(headers.accept);
  const published = publishedText(b, param('spec_name'), baseUrl, form);
  // Stryker disable next-line StringLiteral: the text and details of a NOT_FOUND are free (the specification asks none of them).
  const text = existing(published, 'specification', 'spec_name');
  return { kind: 'text', contentType: b.contentTypes[form], text } as const;
}

export const openapiRoutes: Routes = {
  'GET /v1/openapi': ({ b, baseUrl }) => json(b.publishing.listing.render(specEntries(b, baseUrl))),
  'GET /v1/openapi/{spec_name}': fetchSpec,
};
