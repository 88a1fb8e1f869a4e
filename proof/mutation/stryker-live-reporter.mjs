// A Stryker reporter (stryker.config.mjs: `appendPlugins`, reporter `live`) that writes each
// survivor the moment its run ends, to reports/mutation/live-survivors.txt, one line as
// mutate-survivors.mjs prints it: a run of a folder takes an hour, and triage can start with
// its first survivor instead of its last.

import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { PluginKind, declareClassPlugin } from '@stryker-mutator/api/plugin';

const FILE = 'reports/mutation/live-survivors.txt';
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

class LiveSurvivorsReporter {
  onMutationTestingPlanReady() {
    mkdirSync('reports/mutation', { recursive: true });
    writeFileSync(FILE, '');
  }

  onMutantTested(result) {
    if (!UNDETECTED.has(result.status)) return;
    // As in its reports, lines and columns count from 1.
    const { line, column } = result.location.start;
    const where = `${relative(process.cwd(), result.fileName)}:${line}:${column}`;
    appendFileSync(
      FILE,
      `${result.status.padEnd(10)} ${where}  ${result.mutatorName}  ${JSON.stringify(result.replacement ?? '')}\n`,
    );
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'live', LiveSurvivorsReporter)];
