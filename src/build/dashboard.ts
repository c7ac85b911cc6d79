// Builds the dashboard (src/dashboard, a Vite project) into dist/dashboard, which the server serves at
// /dashboard. Run by `npm run build`, hence by `npm start` and the tests' global setup.
import { join } from 'node:path';
import { PROJECT_ROOT } from '../db/schema-text.ts';
import { DASHBOARD_DIR, DASHBOARD_PATH } from '../http/dashboard.ts';

export { DASHBOARD_DIR };

export async function buildDashboard(): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: join(PROJECT_ROOT, 'src/dashboard'),
    base: `${DASHBOARD_PATH}/`,
    logLevel: 'warn',
    build: {
      outDir: DASHBOARD_DIR,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      // The page is served under a strict Content-Security-Policy: no inline scripts or data: modules.
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
      // Three pages: the dashboard, its settings (keys, webhooks, the event log) and reconciling a bank account.
      rollupOptions: {
        input: {
          dashboard: join(PROJECT_ROOT, 'src/dashboard/index.html'),
          settings: join(PROJECT_ROOT, 'src/dashboard/settings.html'),
          reconcile: join(PROJECT_ROOT, 'src/dashboard/reconcile.html'),
        },
      },
    },
  });
}
