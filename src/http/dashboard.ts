// Serves the built dashboard (dist/dashboard, made by `npm run build`) at /dashboard. The files are read
// once, on the first request, and answered from memory; only paths the build produced exist, so nothing
// outside that folder can be asked for. Asset names carry a content hash, so they are cached for good;
// the page itself is revalidated on every load.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { PROJECT_ROOT } from '../db/schema-text.ts';

export const DASHBOARD_DIR = join(PROJECT_ROOT, 'dist/dashboard');
export const DASHBOARD_PATH = '/dashboard';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export interface DashboardFile {
  type: string;
  body: Buffer;
  cacheControl: string;
}

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

export function dashboardFiles(dir = DASHBOARD_DIR) {
  let files: Map<string, DashboardFile> | undefined;
  const load = () => {
    const found = new Map<string, DashboardFile>();
    if (!existsSync(join(dir, 'index.html'))) return found;
    for (const file of walk(dir)) {
      const path = `${DASHBOARD_PATH}/${relative(dir, file).split('\\').join('/')}`;
      const page = path.endsWith('.html');
      found.set(path, {
        type: TYPES[extname(file)] ?? 'application/octet-stream',
        body: readFileSync(file),
        cacheControl: page ? 'no-cache' : 'public, max-age=31536000, immutable',
      });
    }
    const index = found.get(`${DASHBOARD_PATH}/index.html`)!;
    found.set(DASHBOARD_PATH, index);
    found.set(`${DASHBOARD_PATH}/`, index);
    for (const page of ['settings', 'reconcile']) {
      const file = found.get(`${DASHBOARD_PATH}/${page}.html`);
      if (file) found.set(`${DASHBOARD_PATH}/${page}`, file);
    }
    return found;
  };
  return {
    /** True for every path the dashboard owns, built or not. */
    owns: (path: string) => path === DASHBOARD_PATH || path.startsWith(`${DASHBOARD_PATH}/`),
    /** The file at `path`; undefined when there is none (or nothing was built). */
    find(path: string): DashboardFile | undefined {
      files ??= load();
      return files.get(path);
    },
    get built() {
      files ??= load();
      return files.size > 0;
    },
  };
}
