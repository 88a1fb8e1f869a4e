#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `npx aes-conformance` needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../lib/cli/main.ts');
