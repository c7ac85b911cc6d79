// Bulk imports at their edges: a file whose line is past the limit is refused as the documentation says
// (413 naming the line), not with a bare 500, and nothing is kept of it; an import canceled just after a
// runner claimed it stops at its checkpoint, so the lines it created are counted, not lost from view.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await t.tenant('Long Lines Ltd'));
});
afterAll(() => t.close());

it('a line over the limit is refused with a problem naming it, and no chunk of the file is kept', async () => {
  const line = JSON.stringify({ name: 'x'.repeat(1_200_000) });
  const body = `${JSON.stringify({ name: 'Fine' })}\n${line}\n`;
  const response = await fetch(`${t.url}/api/v1/bulk-operations/imports?resource=customers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/jsonl' },
    body,
  });
  const text = await response.text();
  expect(response.status, text).toBe(413);
  const problem = JSON.parse(text);
  expect(problem).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', detail: 'Line 2 is longer than the limit of 1048576 bytes' });
  expect(await t.db.prisma.bulkFileChunk.count()).toBe(0);
  expect(await t.db.prisma.bulkOperation.count()).toBe(0);
});

it('canceled after a runner claimed it but before its first checkpoint, an import is canceling, not canceled', async () => {
  const file = `${JSON.stringify({ body: { name: 'Claimed Customer' } })}\n`;
  const queued = await fetch(`${t.url}/api/v1/bulk-operations/imports?resource=customers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/jsonl' },
    body: file,
  });
  expect(queued.status).toBe(202);
  const { id } = (await queued.json()) as { id: string };
  // As a runner's claim leaves it: leased, still queued, its first lines being created.
  await t.db.prisma.bulkOperation.update({
    where: { id },
    data: { leaseToken: 'a-runner', leasedUntil: new Date(Date.now() + 60_000) },
  });
  const canceled = await fetch(`${t.url}/api/v1/bulk-operations/${id}/cancel`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
  });
  expect(canceled.status).toBe(200);
  expect(await canceled.json()).toMatchObject({ id, status: 'canceling' });
  // The runner's claim still holds: its checkpoint will record what it made, then end it canceled.
  expect(await t.db.prisma.bulkOperation.findUniqueOrThrow({ where: { id } })).toMatchObject({ leaseToken: 'a-runner' });
});
