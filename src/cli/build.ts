// `npm run build` (and the first step of `npm start`): compiles the server into dist/main.js.
import { buildServer, SERVER_BUNDLE } from '../build/server.ts';

await buildServer();
console.error(`built ${SERVER_BUNDLE}`);
