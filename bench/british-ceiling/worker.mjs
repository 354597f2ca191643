// The entry of a worker thread: a worker does not inherit the TypeScript loader, so it registers tsx first.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
