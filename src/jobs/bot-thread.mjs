// The entry of a computer player's thread (bot-pool.ts): a worker thread does not inherit the TypeScript loader of
// the thread that started it, so it registers tsx itself before loading the thread's module.
import { register } from 'tsx/esm/api';

register();
await import('./bot-thread.ts');
