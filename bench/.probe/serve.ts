import { writeFileSync } from 'node:fs';
import { freshServer, fetchRetrying } from '../fresh-server.ts';
const first = await freshServer('probe', 'Probe Co', { LOG_LEVEL: 'info' });
const post = async (path: string, body: unknown) => {
  const r = await fetchRetrying(`${first.base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${first.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await r.json()) as { id: string }).id;
};
const customers: string[] = [];
for (let i = 0; i < 20; i++) customers.push(await post('/api/v1/customers', { name: `C${i}` }));
let inv = '';
for (let i = 0; i < 200; i++)
  inv = await post('/api/v1/invoices', { customerId: customers[i % 20], lines: [{ description: `S${i}`, unitPrice: 10, quantity: 1 }] });
writeFileSync('/tmp/probe/server.json', JSON.stringify({ base: first.base, key: first.key, invoice: inv, pid: first.server.child.pid }));
console.log('ready', first.base, first.server.child.pid);
await new Promise((r) => setTimeout(r, 3600_000));
