// GET /v1/openapi, GET /v1/openapi/{spec_name}: public, YAML unless JSON is asked for.

import { json, type RequestContext, type Routes } from '../http/context.js';
import { specDocument, specEntries } from '../openapi/documents.js';
import { specText } from '../openapi/serialize.js';
import { existing } from './lookup.js';

function fetchSpec({ b, baseUrl, headers, param }: RequestContext) {
  const doc = existing(specDocument(b, param('spec_name'), baseUrl), 'specification', 'spec_name');
  const form = b.publishing.negotiate(headers.accept);
  const final = b.publishing.finalize(doc, form);
  const text = specText(final, form, b.publishing);
  return { kind: 'text', contentType: b.contentTypes[form], text } as const;
}

export const openapiRoutes: Routes = {
  'GET /v1/openapi': ({ b, baseUrl }) => json(b.publishing.listing.render(specEntries(b, baseUrl))),
  'GET /v1/openapi/{spec_name}': fetchSpec,
};
