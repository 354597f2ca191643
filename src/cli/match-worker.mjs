// The entry of a match worker thread: a worker does not inherit the TypeScript loader of the thread that started
// it, so it registers tsx itself before loading the worker module.
import { register } from 'tsx/esm/api';

register();
await import('./match-worker.ts');
