// Files beside the records they prove, as a bookkeeper keeps them: a 2 MB PDF receipt on a bill comes
// back byte for byte with its SHA-256; what a file is comes from its bytes, not the uploader's word;
// an 11th file, an 11 MB file, a program, a record of another organization and a key that may not
// touch the record are refused with a code, writing nothing.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import attachments from '../../src/modules/attachments/declaration.ts';
import { attachableResources } from '../../src/modules/attachments/attachments.service.ts';
import { createTestApp, gql, http, type TestApp } from '../helpers.ts';

let t: TestApp;
let key: string;
let organizationId: string;
let bill: { id: string };
const post = (path: string, body: unknown, k = key) => http(t.url, path, { key: k, body });
const get = (path: string, k = key) => http(t.url, path, { key: k });
const upload = (query: string, bytes: Buffer, contentType = 'application/octet-stream', k = key) =>
  fetch(`${t.url}/api/v1/attachments?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${k}`, 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A PDF of about `size` bytes: its header, then filler a reader skips, then its end. */
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n%'), randomBytes(size - 20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await createTestApp();
  ({ key, organizationId } = await t.tenant('Receipts Co'));
  const vendor = (await post('/api/v1/vendors', { name: 'Office Supplies' })).body;
  const expense = (await get('/api/v1/accounts?type=expense&limit=1')).body.data[0];
  bill = (await post('/api/v1/bills', { vendorId: vendor.id, lines: [{ description: 'Paper', unitPrice: 40, accountId: expense.id }] }))
    .body;
});
afterAll(() => t.close());

describe('a file on a bill', () => {
  let attachment: { id: string; sha256: string; contentUrl: string };
  const receipt = pdfOf(2 * 1024 * 1024);

  it('a 2 MB PDF sent raw (whatever type the uploader claims) comes back byte for byte with its SHA-256', async () => {
    const sent = await upload(`recordId=${bill.id}&filename=receipts%2Fpaper-receipt.pdf`, receipt, 'image/png');
    expect(sent.status).toBe(201);
    attachment = await sent.json();
    expect(attachment).toMatchObject({
      recordType: 'bill',
      recordId: bill.id,
      filename: 'paper-receipt.pdf',
      contentType: 'application/pdf',
      size: receipt.length,
      sha256: sha256(receipt),
    });
    const back = await fetch(`${t.url}${attachment.contentUrl}`, { headers: { authorization: `Bearer ${key}` } });
    expect(back.headers.get('content-type')).toBe('application/pdf');
    expect(back.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''paper-receipt.pdf");
    const bytes = Buffer.from(await back.arrayBuffer());
    expect(bytes.equals(receipt)).toBe(true);
    expect(back.headers.get('digest')).toBe(`sha-256=${createHash('sha256').update(bytes).digest('base64')}`);
  });

  it('as JSON too (base64), listed per record on both surfaces, with events', async () => {
    const png = await post('/api/v1/attachments', { recordId: bill.id, filename: 'stamp.png', contentBase64: PNG.toString('base64') });
    expect(png.status).toBe(201);
    expect(png.body.contentType).toBe('image/png');
    const csv = await post('/api/v1/attachments', {
      recordId: bill.id,
      filename: 'lines.csv',
      contentBase64: Buffer.from('item,amount\npaper,40\n').toString('base64'),
    });
    expect(csv.body.contentType).toBe('text/csv');
    const listed = (await get(`/api/v1/attachments?recordId=${bill.id}`)).body;
    expect(listed.data.map((a: { filename: string }) => a.filename)).toEqual(['paper-receipt.pdf', 'stamp.png', 'lines.csv']);
    const viaGraphql = await gql(t.url, key, `{ attachments(first: 10, filter: { recordId: "${bill.id}" }) { totalCount } }`);
    expect(viaGraphql.body.data.attachments.totalCount).toBe(3);
    expect((await get('/api/v1/attachments')).body.total).toBe(3);
    const events = (await get('/api/v1/events?type=attachment.created')).body.data;
    expect(events).toHaveLength(3);
    expect(JSON.stringify(events)).not.toContain(PNG.toString('base64').slice(0, 40));
    const gone = await http(t.url, `/api/v1/attachments/${csv.body.id}`, { key, method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect((await get(`/api/v1/attachments?recordId=${bill.id}`)).body.total).toBe(2);
    expect((await get('/api/v1/events?type=attachment.deleted')).body.data).toHaveLength(1);
  });

  it('refuses, writing nothing: a program, an 11 MB file, an 11th file, a foreign record, a key without the record', async () => {
    const program = await upload(`recordId=${bill.id}&filename=setup.exe`, Buffer.concat([Buffer.from('MZ'), randomBytes(4096)]));
    expect(program.status).toBe(415);
    expect((await program.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const zip = await upload(`recordId=${bill.id}&filename=a.zip`, Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200)]));
    expect(zip.status).toBe(415);
    expect((await zip.json()).detail).toMatch(/ZIP/);
    const huge = await upload(`recordId=${bill.id}&filename=scan.pdf`, pdfOf(11 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect((await huge.json()).code).toBe('PAYLOAD_TOO_LARGE');
    for (let i = 2; i < 10; i++) expect((await upload(`recordId=${bill.id}&filename=page-${i}.pdf`, pdfOf(1000))).status).toBe(201);
    const eleventh = await upload(`recordId=${bill.id}&filename=page-11.pdf`, pdfOf(1000));
    expect(eleventh.status).toBe(400);
    expect(await eleventh.json()).toMatchObject({ code: 'INVALID_STATE', errors: [{ path: 'recordId' }] });
    expect((await get(`/api/v1/attachments?recordId=${bill.id}`)).body.total).toBe(10);

    const other = await t.tenant('Other Co');
    const foreign = await upload(`recordId=${bill.id}&filename=x.pdf`, pdfOf(1000), 'application/pdf', other.key);
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).errors).toEqual([{ path: 'recordId', message: `no bill with id "${bill.id}"` }]);
    const { plaintext } = await createApiKey(t.db.prisma, organizationId, 'files only', { scopes: ['attachments:write'] });
    const refused = await upload(`recordId=${bill.id}&filename=x.pdf`, pdfOf(1000), 'application/pdf', plaintext);
    expect(refused.status).toBe(403);
    expect((await refused.json()).requiredScope).toBe('bills:write');
    const [first] = (await get(`/api/v1/attachments?recordId=${bill.id}`)).body.data;
    const download = await fetch(`${t.url}/api/v1/attachments/${first.id}/content`, { headers: { authorization: `Bearer ${plaintext}` } });
    expect(download.status).toBe(403);
    expect((await get(`/api/v1/attachments?recordId=${bill.id}`, other.key)).body.total).toBe(0);
  });

  it("by id, a key reads only the files of records it may read: another record's file is refused, or null in GraphQL", async () => {
    const customer = (await post('/api/v1/customers', { name: 'Reader Ltd' })).body;
    const onCustomer = (await post('/api/v1/attachments', { recordId: customer.id, filename: 'note.txt', contentBase64: 'aGk=' })).body;
    const [onBill] = (await get(`/api/v1/attachments?recordId=${bill.id}`)).body.data;
    const { plaintext: reader } = await createApiKey(t.db.prisma, organizationId, 'customer files', {
      scopes: ['attachments:read', 'customers:read'],
    });
    expect((await get(`/api/v1/attachments/${onCustomer.id}`, reader)).body).toMatchObject({ id: onCustomer.id, filename: 'note.txt' });
    const hidden = await get(`/api/v1/attachments/${onBill.id}`, reader);
    expect(hidden.status).toBe(403);
    expect(hidden.body).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'bills:read' });
    expect(JSON.stringify(hidden.body)).not.toContain(onBill.filename);
    const content = await fetch(`${t.url}/api/v1/attachments/${onBill.id}/content`, { headers: { authorization: `Bearer ${reader}` } });
    expect(content.status).toBe(403);
    expect((await get('/api/v1/attachments/att_01m8fse57gd3t9n2apxy0nndvx', reader)).status).toBe(404);
    const nodes = await gql(
      t.url,
      reader,
      `{ a: node(id: "${onBill.id}") { ... on Attachment { filename } }
        b: node(id: "${onCustomer.id}") { ... on Attachment { filename } } }`,
    );
    expect(nodes.body.errors).toBeUndefined();
    expect(nodes.body.data).toEqual({ a: null, b: { filename: 'note.txt' } });
    const listed = (await get('/api/v1/attachments?limit=100', reader)).body.data.map((a: { id: string }) => a.id);
    expect(listed).toEqual([onCustomer.id]);
    // The key that may read bills finds both.
    expect((await get(`/api/v1/attachments/${onBill.id}`)).status).toBe(200);
  });

  it("an attachment's events reach only a key that may read every record files go on, on every path", async () => {
    const narrow = (
      await createApiKey(t.db.prisma, organizationId, 'events and customer files', {
        scopes: ['events:read', 'attachments:read', 'customers:read', 'webhooks:write'],
      })
    ).plaintext;
    const [created] = (await get('/api/v1/events?type=attachment.created&limit=1')).body.data;
    expect(created.type).toBe('attachment.created');
    const listed = (await get('/api/v1/events?limit=100', narrow)).body.data.map((e: { type: string }) => e.type);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((type: string) => type.startsWith('attachment.'))).toEqual([]);
    expect((await get(`/api/v1/events/${created.id}`, narrow)).status).toBe(404);
    const hook = await post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/hook', eventTypes: ['attachment.created'] }, narrow);
    expect(hook.status).toBe(403);
    expect(hook.body.requiredScope).toBe('invoices:read');
    // What files may be on is what the events need: the declaration and the attachable records agree.
    expect([...attachments.eventsAlsoRead.attachment].sort()).toEqual(attachableResources().sort());
  });
});

describe("an organization's storage quota", () => {
  it('refuses a file that does not fit (413 naming the quota), keeping what is stored; deleting makes room', async () => {
    const small = await createTestApp({ attachmentQuotaMb: 1 });
    try {
      const { key: k } = await small.tenant('Full Disk Co');
      const customer = (await http(small.url, '/api/v1/customers', { key: k, body: { name: 'Papers' } })).body;
      const file = (name: string) => ({
        recordId: customer.id,
        filename: name,
        contentBase64: Buffer.from(`${'x'.repeat(600 * 1024)}\n`).toString('base64'),
      });
      const first = await http(small.url, '/api/v1/attachments', { key: k, body: file('one.txt') });
      expect(first.status).toBe(201);
      const refused = await http(small.url, '/api/v1/attachments', { key: k, body: file('two.txt') });
      expect(refused.status).toBe(413);
      expect(refused.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(refused.body.errors).toEqual([
        { path: 'contentBase64', message: "does not fit in the organization's storage quota of 1.0 MB" },
      ]);
      expect((await http(small.url, `/api/v1/attachments?recordId=${customer.id}`, { key: k })).body.data).toHaveLength(1);
      expect((await http(small.url, `/api/v1/attachments/${first.body.id}`, { key: k, method: 'DELETE' })).status).toBe(200);
      expect((await http(small.url, '/api/v1/attachments', { key: k, body: file('two.txt') })).status).toBe(201);
    } finally {
      await small.close();
    }
  });
});
