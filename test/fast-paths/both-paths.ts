// The fast paths' tests call every route of a kind on two servers over one database: this app (fast paths
// on) and a server process with FAST_PATHS=false, each with what the routes' examples need (a mail server,
// a webhook receiver on loopback, two organizations).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { createTestApp, http, startMailServer, startServerProcess } from '../helpers.ts';
import { routeExamples } from '../rest/route-examples.ts';

export async function startBothPaths(organization: string) {
  const mail = await startMailServer(); // the email examples queue mail
  const t = await createTestApp({ rateLimit: { points: 100_000, authFailures: 100_000 }, mail: mail.settings() });
  const { key } = await t.tenant(organization);
  const { key: otherKey } = await t.tenant('Other Co');
  const accounts: Record<string, string> = {};
  for (const a of (await http(t.url, '/api/v1/accounts?limit=100', { key })).body.data) accounts[a.code] = a.id;
  const receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const created = async (path: string, body: unknown, method: 'POST' | 'PATCH' = 'POST') => {
    const response = await http(t.url, path, { method, key, body });
    expect([200, 201, 202], JSON.stringify(response.body)).toContain(response.status);
    return response.body.id as string;
  };
  const examples = routeExamples({ created, db: t.db, accounts, hookUrl });
  const general = await startServerProcess({
    DATABASE_URL: t.databaseUrl,
    DATA_DIR: t.dataDir,
    FAST_PATHS: 'false',
    SEED_DEMO: 'false',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
    SMTP_URL: mail.url,
    RATE_LIMIT_PER_MINUTE: '1000000',
    // As the test app's: no background pass of its own, so a bulk operation, a mail or a recurring
    // occurrence does not move on between the two servers' answers.
    BULK_POLL_MS: '3600000',
    MAIL_POLL_MS: '3600000',
    RECURRING_POLL_MS: '3600000',
  });
  return {
    t,
    key,
    otherKey,
    accounts,
    examples,
    general,
    async close() {
      general.child.kill('SIGTERM');
      await general.exited;
      receiver.close();
      await t.close();
      await mail.close();
    },
  };
}
