// Worker thread of generateHistory (generate.ts): posts each symbol's history.
import { parentPort, workerData } from 'node:worker_threads';
import { generate, type HistoryRequest } from './generate.ts';

for (const history of generate(workerData as HistoryRequest)) parentPort?.postMessage(history);
