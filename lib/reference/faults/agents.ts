// Agent faults.

import type { JsonObject } from '../http/body.js';
import type { Behaviour } from '../behaviour.js';
import { fault, presentWith, type Fault } from './define.js';

const setDisplayNameMax = (max: number) => (b: Behaviour) => {
  b.limits['agent.display_name'] = { ...b.limits['agent.display_name'], max };
};

export const AGENTS_FAULTS: readonly Fault[] = [
  fault('agent-missing-wrapper', ['ENVELOPE-WRAPPED'], 'Agents are returned without the `agent` wrapper.', (b) => {
    const respond = b.respond;
    b.respond = (endpoint, body) => {
      const shaped = respond(endpoint, body);
      return endpoint.wrapper === 'agent' ? (shaped as JsonObject).agent : shaped;
    };
  }),
  fault('agent-display-name-max-199', ['AGENT-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'], 'Agent display_name of 200 characters is rejected.', setDisplayNameMax(199)),
  fault('agent-display-name-max-201', ['AGENT-DISPLAY-NAME', 'FIELD-LENGTH-LIMITS'], 'Agent display_name of 201 characters is accepted.', setDisplayNameMax(201)),
  fault('agent-soft-delete-flag-leaked', ['AGENT-NO-SOFT-DELETE-FLAG'], 'Agents are returned with their `deleted` flag.', (b) => {
    presentWith(b, 'agent', (view, record) => ({ ...view, deleted: (record as { deleted: boolean }).deleted }));
  }),
  fault('agent-knowledge-base-ids-missing', ['AGENT-KNOWLEDGE-BASE-IDS'], 'Agents are returned without knowledge_base_ids.', (b) => {
    presentWith(b, 'agent', ({ knowledge_base_ids: _ids, ...rest }) => rest);
  }),
];
