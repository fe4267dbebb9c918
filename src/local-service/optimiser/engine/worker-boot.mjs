// Worker threads start without the parent's TypeScript loader: register tsx here, then load the
// TypeScript entry named by the parent.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
