#!/usr/bin/env node
// The verifier is TypeScript, shared with the app and the server; tsx runs it as it is.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
