import { buildDashboard } from '../src/build/dashboard.ts';
import { buildServer } from '../src/build/server.ts';

// What `npm run build` makes: tests start dist/main.js as a user's `npm start` would, and the server
// serves the dashboard from dist/dashboard.
export default async function setup() {
  await Promise.all([buildServer(), buildDashboard()]);
}
