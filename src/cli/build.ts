// `npm run build` (and the first step of `npm start`): compiles the server into dist/main.js and the
// dashboard into dist/dashboard/. `--server` builds only the server.
import { buildDashboard, DASHBOARD_DIR } from '../build/dashboard.ts';
import { buildServer, SERVER_BUNDLE } from '../build/server.ts';

const serverOnly = process.argv.includes('--server');
await Promise.all([buildServer(), serverOnly ? undefined : buildDashboard()]);
console.error(`built ${SERVER_BUNDLE}${serverOnly ? '' : ` and ${DASHBOARD_DIR}`}`);
