// Agent mutation faults: each breaks one rule the way a real implementation might.

import type { Behaviour } from '../../lib/reference/behaviour.js';
import { utf8Size } from '../../lib/reference/validation/measure.js';
import { flattenToStrings, type MutationFields, type MutationRules } from '../../lib/reference/validation/mutations.js';
import { fault, missingAnsweredWith, presentWith, readAs, respondWith, type Fault } from './define.js';
import { isJsonObject, type JsonObject } from '../../lib/util/json.js';

const rules = (b: Behaviour, change: Partial<MutationRules>) => {
  b.mutationRules = { ...b.mutationRules, ...change };
};

/** Replaces how one body field is read, given the reading it replaces. */
const reread =
  <K extends keyof MutationFields>(field: K, reader: (original: MutationFields[K]) => MutationFields[K]) =>
  (b: Behaviour) => {
    rules(b, { fields: { ...b.mutationRules.fields, [field]: reader(b.mutationRules.fields[field]) } });
  };

const limit =
  (
    id: 'mutation.display_name' | 'mutation.description' | 'mutation.config_overrides',
    bounds: { min?: number; max?: number },
  ) =>
  (b: Behaviour) => {
    b.limits[id] = { ...b.limits[id], ...bounds };
  };

/** A text field whose length is also held against its maximum as `measure` counts it. */
const measuredAs = (field: 'display_name' | 'description', measure: (value: string) => number) => (b: Behaviour) => {
  const max = b.limits[`mutation.${field}`].max ?? Infinity;
  reread(field, (read) => (f, body) => {
    const value = read(f, body);
    return measure(value) > max ? f.fail(field, `must be at most ${max} characters (got ${measure(value)})`) : value;
  })(b);
};

const utf16Units = (value: string): number => value.length;

/** Scoping of GET and DELETE, reached through the original rule with another agent. */
const reachedAs = (agentFor: (owner: string, asked: string, method: 'GET' | 'DELETE') => string) => (b: Behaviour) => {
  const reaches = b.mutationRules.reaches;
  rules(b, {
    reaches: (mutation, agentId, method) => reaches(mutation, agentFor(mutation.agent_id, agentId, method), method),
  });
};

export const MUTATIONS_FAULTS = [
  fault(
    'mutation-delete-not-idempotent',
    ['MUTATION-DELETE-IDEMPOTENT'],
    'Deleting a deleted mutation answers NOT_FOUND.',
    (b) => {
      b.mutationDeleteIdempotent = false;
    },
  ),
  fault(
    'mutation-with-description-not-deletable',
    ['MUTATION-DELETE-IDEMPOTENT'],
    'A mutation with a description cannot be deleted: DELETE answers NOT_FOUND (only what cleanup deletes has one).',
    (b) => {
      const reaches = b.mutationRules.reaches;
      rules(b, {
        reaches: (mutation, agentId, method) =>
          !(method === 'DELETE' && mutation.description) && reaches(mutation, agentId, method),
      });
    },
    ['MUTATION-DESCRIPTION'],
  ),
  fault('mutation-update-time-set', ['MUTATION-UPDATE-TIME-NULL'], 'New mutations report an update_time.', (b) => {
    presentWith(b, 'mutation', (view) => ({ ...view, update_time: view.create_time }));
  }),

  // display_name and its uniqueness
  fault(
    'mutation-display-name-max-199',
    ['MUTATION-DISPLAY-NAME'],
    'A mutation display_name of 200 characters is rejected.',
    limit('mutation.display_name', { max: 199 }),
  ),
  fault(
    'mutation-display-name-max-201',
    ['MUTATION-DISPLAY-NAME'],
    'A mutation display_name of 201 characters is accepted.',
    limit('mutation.display_name', { max: 201 }),
  ),
  fault(
    'mutation-display-name-empty-accepted',
    ['MUTATION-DISPLAY-NAME'],
    'An empty mutation display_name is accepted.',
    limit('mutation.display_name', { min: 0 }),
  ),
  fault(
    'mutation-display-name-min-2',
    ['MUTATION-DISPLAY-NAME'],
    'A mutation display_name of 1 character is rejected.',
    limit('mutation.display_name', { min: 2 }),
  ),
  fault(
    'mutation-display-name-max-255',
    ['MUTATION-DISPLAY-NAME'],
    'Mutation display_names are limited at 255 characters (the column size), not 200.',
    limit('mutation.display_name', { max: 255 }),
  ),
  fault(
    'mutation-display-name-optional',
    ['MUTATION-DISPLAY-NAME'],
    'A mutation without display_name is named "Untitled mutation".',
    reread(
      'display_name',
      (read) => (f, body) => (body['display_name'] === undefined ? 'Untitled mutation' : read(f, body)),
    ),
  ),
  fault(
    'mutation-display-name-ascii-only',
    ['MUTATION-DISPLAY-NAME'],
    'Mutation display_names may hold printable ASCII only.',
    reread('display_name', (read) => (f, body) => {
      const value = read(f, body);
      return /^[\x20-\x7e]*$/.test(value) ? value : f.fail('display_name', 'must be printable ASCII');
    }),
  ),
  fault(
    'mutation-name-unique-not-enforced',
    ['MUTATION-DISPLAY-NAME-UNIQUE'],
    'Two active mutations of an agent may share a display_name.',
    (b) => {
      rules(b, { nameTakenBy: () => false });
    },
  ),
  fault(
    'mutation-name-unique-across-agents',
    ['MUTATION-DISPLAY-NAME-PER-AGENT'],
    'Mutation display_names are unique across all agents.',
    (b) => {
      const taken = b.mutationRules.nameTakenBy;
      rules(b, { nameTakenBy: (other, _agentId, displayName) => taken(other, other.agent_id, displayName) });
    },
  ),
  fault(
    'mutation-name-unique-counts-deleted',
    ['MUTATION-DISPLAY-NAME-REUSABLE'],
    'Deleted mutations keep their display_name taken.',
    (b) => {
      rules(b, {
        nameTakenBy: (other, agentId, displayName) => other.agent_id === agentId && other.display_name === displayName,
      });
    },
  ),
  fault(
    'mutation-duplicate-status-400',
    ['MUTATION-DUPLICATE-ALREADY-EXISTS'],
    'A duplicate mutation name answers ALREADY_EXISTS with HTTP 400.',
    (b) => {
      const status = b.errors.status;
      b.errors.status = (code, endpoint) => (code === 'ALREADY_EXISTS' ? 400 : status(code, endpoint));
    },
  ),

  // description
  fault(
    'mutation-description-default-null',
    ['MUTATION-DESCRIPTION'],
    'An empty mutation description is reported as null.',
    (b) => {
      presentWith(b, 'mutation', (view) => ({
        ...view,
        description: view.description === '' ? null : view.description,
      }));
    },
  ),
  fault(
    'mutation-description-default-na',
    ['MUTATION-DESCRIPTION'],
    'An empty mutation description is reported as "N/A".',
    (b) => {
      presentWith(b, 'mutation', (view) => ({
        ...view,
        description: view.description === '' ? 'N/A' : view.description,
      }));
    },
  ),
  fault(
    'mutation-description-max-1999',
    ['MUTATION-DESCRIPTION'],
    'A mutation description of 2000 characters is rejected.',
    limit('mutation.description', { max: 1999 }),
  ),
  fault(
    'mutation-description-max-2001',
    ['MUTATION-DESCRIPTION'],
    'A mutation description of 2001 characters is accepted.',
    limit('mutation.description', { max: 2001 }),
  ),
  fault(
    'mutation-description-unlimited',
    ['MUTATION-DESCRIPTION'],
    'Mutation descriptions are limited only by the column size (65535 characters).',
    limit('mutation.description', { max: 65_535 }),
  ),
  fault(
    'mutation-description-bytes',
    ['MUTATION-DESCRIPTION'],
    'The mutation description limit counts UTF-8 bytes, not characters.',
    measuredAs('description', utf8Size),
  ),
  fault(
    'mutation-lengths-utf16',
    ['FIELD-CHARS-CODEPOINTS'],
    'Mutation display_name and description limits count UTF-16 units, not code points.',
    (b) => {
      measuredAs('display_name', utf16Units)(b);
      measuredAs('description', utf16Units)(b);
    },
  ),
  fault(
    'mutation-description-number-coerced',
    ['REQUEST-WRONG-TYPE'],
    'A numeric mutation description is stored as its decimal string.',
    reread(
      'description',
      (read) => (f, body) => (typeof body['description'] === 'number' ? String(body['description']) : read(f, body)),
    ),
  ),
  fault(
    'mutation-explicit-defaults-omitted',
    ['MUTATION-EXPLICIT-DEFAULTS'],
    'Mutations leave out description "" and update_time null (proto3 JSON style).',
    (b) => {
      presentWith(b, 'mutation', (view) =>
        Object.fromEntries(Object.entries(view).filter(([, value]) => value !== '' && value !== null)),
      );
    },
  ),

  // config_overrides
  fault(
    'mutation-override-keys-unchecked',
    ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    'config_overrides may use keys the parent agent lacks.',
    (b) => {
      rules(b, { overrideKeysChecked: false });
    },
  ),
  fault(
    'mutation-override-keys-simulator-only',
    ['MUTATION-CONFIG-OVERRIDES-KEYS'],
    'Only simulator configuration keys may be overridden, not agent fields such as prompt.',
    (b) => {
      rules(b, { configurationKeys: (agent) => new Set(Object.keys(agent.metadata ?? {})) });
    },
  ),
  fault(
    'mutation-overrides-limit-1kb',
    ['MUTATION-CONFIG-OVERRIDES-SIZE', 'FIELD-SIZE-LIMITS'],
    'config_overrides is limited to 1 KB instead of 10 KB.',
    limit('mutation.config_overrides', { max: 1024 }),
  ),
  fault(
    'mutation-overrides-size-unchecked',
    ['MUTATION-CONFIG-OVERRIDES-SIZE'],
    'config_overrides of any size is accepted.',
    limit('mutation.config_overrides', { max: Number.MAX_SAFE_INTEGER }),
  ),
  fault(
    'mutation-overrides-string-ignored',
    ['REQUEST-WRONG-TYPE'],
    'config_overrides given as a string is ignored (read as no overrides).',
    reread(
      'config_overrides',
      (read) => (f, body) => (typeof body['config_overrides'] === 'string' ? {} : read(f, body)),
    ),
  ),
  fault(
    'mutation-overrides-dropped',
    ['MUTATION-CREATE'],
    'Mutations are returned with empty config_overrides.',
    (b) => {
      presentWith(b, 'mutation', (view) => ({ ...view, config_overrides: {} }));
    },
  ),

  // parameter_values
  fault(
    'mutation-parameter-values-not-derived',
    ['MUTATION-PARAMETER-VALUES-DERIVED'],
    'Without parameter_values, mutations get none.',
    (b) => {
      rules(b, { parameterValues: (given) => given ?? {} });
    },
  ),
  fault(
    'mutation-parameter-values-not-stringified',
    ['MUTATION-PARAMETER-VALUES-DERIVED'],
    'Derived parameter_values are a copy of config_overrides, values kept as they are.',
    (b) => {
      rules(b, { parameterValues: (given, overrides) => given ?? (overrides as Record<string, string>) });
    },
  ),
  fault(
    'mutation-parameter-values-string-accepted',
    ['REQUEST-WRONG-TYPE'],
    'parameter_values is checked only to hold string values, which a string passes (its characters are strings): it is stored character by character.',
    reread('parameter_values', (read) => (f, body) => {
      const given = body['parameter_values'];
      return typeof given === 'string'
        ? Object.fromEntries(Array.from(given, (char, i) => [String(i), char]))
        : read(f, body);
    }),
  ),
  fault(
    'mutation-parameter-values-numbers-accepted',
    ['REQUEST-WRONG-TYPE'],
    'parameter_values is checked to be an object, not to hold strings: `{"tone": 42}` is stored as given.',
    reread('parameter_values', () => (f) => f.object('parameter_values') as Record<string, string> | null),
  ),
  fault(
    'mutation-parameter-values-first-checked',
    ['REQUEST-WRONG-TYPE'],
    'Only the first of parameter_values\' values is checked to be a string: `{"tone": "calm", "retries": 3}` is stored as given.',
    reread('parameter_values', (read) => (f, body) => {
      const given = body['parameter_values'];
      return isJsonObject(given) && typeof Object.values(given)[0] === 'string'
        ? (given as Record<string, string>)
        : read(f, body);
    }),
  ),
  fault(
    'mutation-parameter-values-scalars-dropped',
    ['REQUEST-WRONG-TYPE'],
    'parameter_values\' values that are not strings are dropped, not refused: `{"tone": 42}` is stored as `{}`.',
    reread('parameter_values', () => (f) => {
      const given = f.object('parameter_values');
      return (
        given &&
        Object.fromEntries(
          Object.entries(given).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        )
      );
    }),
  ),
  fault(
    'mutation-parameter-values-text-on-create-only',
    ['REQUEST-WRONG-TYPE'],
    'parameter_values\' numbers are written as strings in the create answer (built from the coerced request) but stored as given: GET returns `{"tone": 42}`.',
    (b) => {
      reread('parameter_values', () => (f) => f.object('parameter_values') as Record<string, string> | null)(b);
      readAs(b, 'POST /v1/agents/{agent_id}/mutations', 'mutation', (mutation) =>
        isJsonObject(mutation['parameter_values'])
          ? {
              ...mutation,
              parameter_values: Object.fromEntries(
                Object.entries(mutation['parameter_values']).map(([key, value]) => [
                  key,
                  typeof value === 'string' ? value : JSON.stringify(value),
                ]),
              ),
            }
          : mutation,
      );
    },
  ),
  fault(
    'mutation-parameter-values-nested-as-json',
    ['MUTATION-PARAMETER-VALUES-DERIVED'],
    'Derived parameter_values are not flattened: each top-level override is one pair, a nested object written as its JSON text.',
    (b) => {
      rules(b, {
        parameterValues: (given, overrides) =>
          given ??
          Object.fromEntries(
            Object.entries(overrides).map(([key, value]) => [
              key,
              typeof value === 'string' ? value : JSON.stringify(value),
            ]),
          ),
      });
    },
  ),
  fault(
    'mutation-parameter-values-leaf-keys',
    ['MUTATION-PARAMETER-VALUES-DERIVED'],
    "Flattening loses the path: a nested override's pair is keyed by its last key alone (`retries`, not `workflows.retries`).",
    (b) => {
      const leaves = (overrides: JsonObject) =>
        Object.fromEntries(
          Object.entries(flattenToStrings(overrides)).map(([path, value]) => [path.split('.').pop() ?? path, value]),
        );
      rules(b, { parameterValues: (given, overrides) => given ?? leaves(overrides) });
    },
  ),
  fault(
    'mutation-parameter-values-given-ignored',
    ['MUTATION-PARAMETER-VALUES-DERIVED'],
    'parameter_values are always derived, even when given.',
    (b) => {
      const derive = b.mutationRules.parameterValues;
      rules(b, { parameterValues: (_given, overrides) => derive(null, overrides) });
    },
  ),

  // identity, reading back, scope, deletion
  fault(
    'mutation-id-25-characters',
    ['MUTATION-ID-FORMAT'],
    'Mutation ids are returned without their last character.',
    (b) => {
      presentWith(b, 'mutation', (view) => ({ ...view, id: String(view.id).slice(0, 25) }));
    },
  ),
  fault(
    'mutation-update-before-create',
    ['TIMESTAMP-ORDER'],
    'Mutations report an update_time a day before their create_time.',
    (b) => {
      presentWith(b, 'mutation', (view, record) => ({
        ...view,
        update_time: b.formatTime((record as { create_time: number }).create_time - 86_400_000),
      }));
    },
  ),
  fault(
    'mutation-get-description-lost',
    ['MUTATION-GET'],
    'GET returns an empty description (read from a projection that lacks it).',
    (b) => {
      respondWith(b, 'GET /v1/agents/{agent_id}/mutations/{mutation_id}', (body) => ({
        ...body,
        mutation: { ...(body.mutation as JsonObject), description: '' },
      }));
    },
  ),
  fault('mutation-deleted-still-served', ['MUTATION-DELETE-GONE'], 'GET still returns a deleted mutation.', (b) => {
    rules(b, { reaches: (mutation, agentId) => mutation.agent_id === agentId });
  }),
  fault(
    'mutation-reachable-under-other-agent',
    ['MUTATION-SCOPED-TO-AGENT'],
    'GET and DELETE find a mutation by its id under any agent.',
    reachedAs((owner) => owner),
  ),
  fault(
    'mutation-delete-under-other-agent',
    ['MUTATION-SCOPED-TO-AGENT'],
    'DELETE removes a mutation by its id under any agent.',
    reachedAs((owner, asked, method) => (method === 'DELETE' ? owner : asked)),
  ),
  fault(
    'mutation-missing-failed-precondition',
    ['MISSING-RESOURCE-NOT-FOUND'],
    'A missing or deleted mutation answers FAILED_PRECONDITION instead of NOT_FOUND.',
    (b) => {
      missingAnsweredWith(b, 'mutation_id', 'FAILED_PRECONDITION');
    },
  ),
  fault(
    'mutation-parent-missing-invalid-argument',
    ['MISSING-RESOURCE-NOT-FOUND'],
    'An agent id that names no agent answers INVALID_ARGUMENT instead of NOT_FOUND.',
    (b) => {
      missingAnsweredWith(b, 'agent_id', 'INVALID_ARGUMENT');
    },
  ),
  fault(
    'mutation-orphan-created',
    ['MUTATION-PARENT-MUST-EXIST'],
    'A mutation is created under an agent id that names no agent.',
    (b) => {
      rules(b, { parentRequired: false });
    },
  ),
  fault(
    'mutation-id-path-unchecked',
    ['PATH-ID-FORMAT'],
    'An ill-formed mutation_id is looked up like any other and answers NOT_FOUND.',
    (b) => {
      const checked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) => param !== 'mutation_id' && checked(endpoint, param);
    },
  ),
  fault(
    'mutation-agent-id-path-unchecked',
    ['PATH-ID-FORMAT'],
    'On mutation endpoints an ill-formed agent_id is looked up like any other and answers NOT_FOUND.',
    (b) => {
      const checked = b.pathIdChecked;
      b.pathIdChecked = (endpoint, param) =>
        !(endpoint.group === 'mutations' && param === 'agent_id') && checked(endpoint, param);
    },
  ),
] as const satisfies readonly Fault[];
