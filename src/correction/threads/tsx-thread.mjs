// Runs a thread module from source (`npm run dev`, the tests): registers tsx's loader in this thread
// first, because a worker thread does not inherit the parent's `--import tsx`, then loads the module
// named last on the thread's argv. The built server (npm run build) starts its .js threads directly
// and never comes here.
import { register } from 'tsx/esm/api';

register();
await import(process.argv.at(-1));
