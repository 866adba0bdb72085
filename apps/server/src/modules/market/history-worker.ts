// Worker thread of generateHistory (generate.ts): posts each symbol's history as chunks.
import { parentPort, workerData } from 'node:worker_threads';
import { generate, type HistoryRequest } from './generate.ts';

for (const chunks of generate(workerData as HistoryRequest)) parentPort?.postMessage(chunks);
