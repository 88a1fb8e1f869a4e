// `node --import ./test/support/record-loads.mjs …`: appends the URL of every module the process
// loads to the file AES_LOADS_FILE names, so a test can say what a command did not load.

import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.AES_LOADS_FILE, url + '\\n');
  return next(url, context);
}`)}`,
);
