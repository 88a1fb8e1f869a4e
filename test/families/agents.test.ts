// The agents family's own helper: the keys of a returned agent that look like a soft-delete flag,
// wherever they sit. The fault score proves one such key caught; these are the names around it.

import { describe, expect, it } from 'vitest';
import { softDeleteKeys } from '../../lib/families/agents.js';

describe('softDeleteKeys', () => {
  it('finds the usual spellings of a soft-delete flag, in any case', () => {
    for (const key of [
      'deleted',
      'is_deleted',
      'delete_time',
      'deleted_at',
      'soft_delete',
      'softDelete',
      'IS_DELETED',
      'agent_deleted',
    ])
      expect(softDeleteKeys({ [key]: false }), key).toEqual([key]);
  });

  it('leaves names that only contain the letters alone', () => {
    for (const key of ['deletion_protection', 'undeleted', 'deleter', 'model_type', 'delegate', 'id'])
      expect(softDeleteKeys({ [key]: true }), key).toEqual([]);
  });

  it('finds them nested in objects and arrays, as paths; scalars and null hold none', () => {
    const agent = {
      display_name: 'deleted',
      metadata: { state: { is_deleted: true }, tags: [{ name: 'a' }, { deleted_at: null }] },
      workflows: [[{ soft_delete: 1 }]],
    };
    expect(softDeleteKeys(agent)).toEqual([
      'metadata.state.is_deleted',
      'metadata.tags[1].deleted_at',
      'workflows[0][0].soft_delete',
    ]);
    expect(softDeleteKeys({ deleted: { deleted: true } })).toEqual(['deleted', 'deleted.deleted']);
    for (const value of [null, 'deleted', 3, true, undefined]) expect(softDeleteKeys(value)).toEqual([]);
  });
});
