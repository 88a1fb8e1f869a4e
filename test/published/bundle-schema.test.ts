import { describe, expect, it } from 'vitest';
import { newAjv } from '../../lib/schema/ajv.js';
import { bundleSchema } from '../../lib/published/bundle-schema.js';

const v30 = (schemas: Record<string, unknown>) => ({ openapi: '3.0.3', components: { schemas } });
const v31 = (schemas: Record<string, unknown>) => ({ openapi: '3.1.0', components: { schemas } });

/** Whether ajv, as the suite sets it up, accepts each value against the bundled schema. */
function accepts(document: Record<string, unknown>, schema: unknown, values: unknown[]): boolean[] {
  const validate = newAjv().compile(bundleSchema(document, schema).schema as object);
  return values.map((value) => validate(value) as boolean);
}

describe('bundleSchema', () => {
  it('turns local references into $defs entries, one per target, cycles included', () => {
    const document = v31({
      Agent: {
        type: 'object',
        properties: { id: { $ref: '#/components/schemas/Id' }, parent: { $ref: '#/components/schemas/Agent' } },
      },
      Id: { type: 'string' },
    });
    const { schema } = bundleSchema(document, { $ref: '#/components/schemas/Agent' });
    expect(schema).toEqual({
      $ref: '#/$defs/openapi_ref_0',
      $defs: {
        openapi_ref_0: {
          type: 'object',
          properties: { id: { $ref: '#/$defs/openapi_ref_1' }, parent: { $ref: '#/$defs/openapi_ref_0' } },
        },
        openapi_ref_1: { type: 'string' },
      },
    });
    expect(
      accepts(document, { $ref: '#/components/schemas/Agent' }, [
        { id: 'a', parent: { id: 'b' } },
        { parent: { id: 1 } },
      ]),
    ).toEqual([true, false]);
  });

  it('leaves a schema without references as it is, and drops $id and $schema', () => {
    expect(
      bundleSchema(v31({}), {
        $id: 'https://x/s',
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'string',
      }).schema,
    ).toEqual({ type: 'string' });
    expect(bundleSchema(v31({}), true).schema).toBe(true);
  });

  it('converts inside every keyword that holds schemas, and not inside those that hold values', () => {
    const document = v31({ S: { type: 'string' } });
    const ref = { $ref: '#/components/schemas/S' };
    const { schema } = bundleSchema(document, {
      properties: { a: ref },
      items: ref,
      allOf: [ref],
      not: ref,
      enum: [ref],
      const: ref,
      example: ref,
    });
    const target = { $ref: '#/$defs/openapi_ref_0' };
    expect(schema).toMatchObject({
      properties: { a: target },
      items: target,
      allOf: [target],
      not: target,
      enum: [ref],
      const: ref,
      example: ref,
    });
  });

  it('collects every format the schema uses', () => {
    const document = v31({ T: { type: 'string', format: 'date-time' } });
    const { formats } = bundleSchema(document, {
      properties: { t: { $ref: '#/components/schemas/T' }, p: { type: 'string', format: 'e164-phone' } },
    });
    expect([...formats].sort()).toEqual(['date-time', 'e164-phone']);
  });

  it('throws for a reference that leaves the document or points at nothing', () => {
    expect(() => bundleSchema(v31({}), { $ref: 'other.yaml#/S' })).toThrow(
      'the reference other.yaml#/S leaves the document',
    );
    expect(() => bundleSchema(v31({}), { $ref: '#/components/schemas/Missing' })).toThrow(
      'the reference #/components/schemas/Missing points at nothing',
    );
  });
});

describe('bundleSchema of an OpenAPI 3.0 schema', () => {
  it('turns boolean exclusive bounds into numeric ones, and drops false flags', () => {
    expect(
      bundleSchema(v30({}), {
        type: 'number',
        minimum: 0,
        exclusiveMinimum: true,
        maximum: 10,
        exclusiveMaximum: false,
      }).schema,
    ).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 10 });
    expect(
      accepts(
        v30({}),
        { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true },
        [0, 0.1, 9.9, 10],
      ),
    ).toEqual([false, true, true, false]);
  });

  it('adds null to the type and enum of a nullable schema', () => {
    expect(bundleSchema(v30({}), { type: 'string', enum: ['A'], nullable: true }).schema).toEqual({
      type: ['string', 'null'],
      enum: ['A', null],
    });
    expect(bundleSchema(v30({}), { type: ['string', 'null'], nullable: true }).schema).toEqual({
      type: ['string', 'null'],
    });
    expect(bundleSchema(v30({}), { type: 'string', nullable: false }).schema).toEqual({ type: 'string' });
  });

  it('wraps a nullable reference, composition or untyped schema in anyOf with null', () => {
    const document = v30({ S: { type: 'string' } });
    expect(accepts(document, { $ref: '#/components/schemas/S', nullable: true }, [null, 'x', 1])).toEqual([
      true,
      true,
      false,
    ]);
    expect(bundleSchema(document, { $ref: '#/components/schemas/S', type: 'string', nullable: true }).schema).toEqual({
      anyOf: [{ $ref: '#/$defs/openapi_ref_0', type: 'string' }, { type: 'null' }],
      $defs: { openapi_ref_0: { type: 'string' } },
    });
    expect(bundleSchema(document, { allOf: [{ type: 'string' }], nullable: true }).schema).toEqual({
      anyOf: [{ allOf: [{ type: 'string' }] }, { type: 'null' }],
    });
    expect(bundleSchema(document, { minLength: 1, nullable: true }).schema).toEqual({
      anyOf: [{ minLength: 1 }, { type: 'null' }],
    });
  });

  it('leaves 3.1 schemas alone: `nullable` and boolean bounds mean nothing there', () => {
    expect(bundleSchema(v31({}), { type: 'string', nullable: true, exclusiveMinimum: true }).schema).toEqual({
      type: 'string',
      nullable: true,
      exclusiveMinimum: true,
    });
  });
});
