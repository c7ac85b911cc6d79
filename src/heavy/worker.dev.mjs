// A heavy-work thread started from the TypeScript source (tests, `npm run dev`): teaches the thread
// TypeScript with tsx, then runs the same tasks the built dist/heavy-tasks.js does.
import { register } from 'tsx/esm/api';

register();
const tasks = await import(new URL('./tasks.ts', import.meta.url).href);
export default tasks.default;
