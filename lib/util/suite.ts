// The suite's name and version, read from package.json: one place for --version and every report.

import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
};

export const SUITE: { readonly name: string; readonly version: string } = { name: pkg.name, version: pkg.version };
