import { describe, expect, it } from 'vitest';
import { indexOperations } from '../../lib/published/operations.js';
import { requestBodyProperties } from '../../lib/published/request-body.js';
import { apiDocument } from './fixtures.js';

describe('requestBodyProperties', () => {
  const index = indexOperations([apiDocument({ dialect: '3.1' })]);

  it('lists the top-level fields of the JSON body, with those of allOf parts', () => {
    expect(requestBodyProperties(index.find('POST', '/v1/agents')!)).toEqual(['display_name', 'model_type', 'prompt']);
  });

  it('is undefined without a documented body', () => {
    expect(requestBodyProperties(index.find('GET', '/v1/personas')!)).toBeUndefined();
  });
});
