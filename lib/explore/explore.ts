// One exploration: command sequences drawn from the run's seed, each run from an empty model against the
// target, within the EXPLORE_RUNS budget. fast-check shrinks a failing sequence; its failure names the rule
// and lists the requests the shrunk sequence sent, each with a curl line.

import fc from 'fast-check';
import { isRuleViolation, RuleViolation } from '../assert/violation.js';
import type { CheckContext } from '../harness/index.js';
import { property } from '../harness/property.js';
import type { Commands, Explorer } from './commands.js';
import { emptyModel } from './model.js';
import { describeSequence } from './sequence.js';

export async function explore(t: CheckContext, { opening, drawn, closing, maxCommands }: Commands): Promise<void> {
  await property(
    t,
    fc.tuple(opening, fc.commands(drawn, { maxCommands })),
    async ([first, sequence]) => {
      const explorer: Explorer = { t, sent: [] };
      try {
        const model = emptyModel();
        await fc.asyncModelRun(async () => {
          await first.run(model, explorer);
          return { model, real: explorer };
        }, sequence);
        await closing?.(model, explorer);
      } catch (error) {
        if (!isRuleViolation(error)) throw error;
        const replay = `the sequence's requests:\n${describeSequence(explorer.sent)}`;
        throw new RuleViolation(error.requirements, `${error.summary}\n${replay}`, error.exchange, error.where);
      }
    },
    t.config.exploreRuns,
  );
}
