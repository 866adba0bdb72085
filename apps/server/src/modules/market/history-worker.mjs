// Worker entry of generateHistory (generate.ts): worker threads do not inherit the TypeScript
// loader of the process, so this plain module registers tsx before loading the real worker.
import { register } from 'tsx/esm/api';

register();
await import('./history-worker.ts');
