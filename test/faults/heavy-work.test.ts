// Heavy work leaves the request thread and its faults stay in their task: a logo that cannot be drawn is
// refused when it is uploaded (it used to end the process at the next PDF), one stored before that check
// no longer stops its documents, hostile XML is turned away before any parser sees it, a crashed or
// overrunning task ends with a clear error while the pool keeps serving, and an organization has only
// its share of the pool.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAVY_THREAD_NICE, HeavyTaskFailed, openHeavyWork, refuseWhenShareTaken, runHeavyTask } from '../../src/core/heavy-work.ts';
import { createTestApp, expectProblem, gql, http, type TestApp } from '../helpers.ts';

/** A PNG signature and IHDR chunk with no image data after them: pdfkit's decoder fails in a zlib callback. */
const TRUNCATED_PNG = 'iVBORw0KGgoAAAANSUhEUn////9/////CAYAAAAAAAAAAAAAAElFTkQAAAAA';
/** A 40×20 PNG. */
const GOOD_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAIAAABwJOjsAAAAJElEQVR4nGNQSDgwIIhh1OJRi0ctHrV41OJRi0ctHrV45FgMALpP6C5orM3QAAAAAElFTkSuQmCC';

let t: TestApp;
let key: string;
let organizationId: string;
const call = (path: string, body?: unknown, method?: string) => http(t.url, path, { key, body, method });

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { points: 100_000, durationSeconds: 60 } });
  ({ key, organizationId } = await t.tenant('Heavy Work Ltd'));
});
afterAll(() => t.close());

describe('a logo', () => {
  it('that cannot be drawn is refused on upload, with the other bad fields, and nothing is changed', async () => {
    const refused = await call('/api/v1/organization', { logo: TRUNCATED_PNG, locale: 'xx-notalocale-123' }, 'PATCH');
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(['locale', 'logo']);
    expect(refused.body.errors[1].message).toMatch(/^cannot be drawn: the image is damaged or incomplete/);
    expect((await call('/api/v1/organization')).body.hasLogo).toBeUndefined();
    // The service is still here, and a logo that draws is kept.
    const kept = await call('/api/v1/organization', { logo: GOOD_PNG }, 'PATCH');
    expect(kept.status).toBe(200);
    expect(kept.body.hasLogo).toBe(true);
  });

  it('stored before logos were checked does not stop its documents: they are drawn without it', async () => {
    await t.db.prisma.organization.update({ where: { id: organizationId }, data: { logo: TRUNCATED_PNG } });
    const customer = (await call('/api/v1/customers', { name: 'Logo Reader' })).body;
    const invoice = (
      await call('/api/v1/invoices', { customerId: customer.id, issueDate: '2026-11-02', lines: [{ description: 'Work', unitPrice: 10 }] })
    ).body;
    for (let i = 0; i < 3; i++) {
      const pdf = await fetch(`${t.url}/api/v1/invoices/${invoice.id}/pdf`, { headers: { authorization: `Bearer ${key}` } });
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    await t.db.prisma.organization.update({ where: { id: organizationId }, data: { logo: null } });
  });
});

describe('a statement file', () => {
  let bankId: string;
  beforeAll(async () => {
    bankId = (await call('/api/v1/bank-accounts', { name: 'Hostile Bank', kind: 'bank', openingDate: '2026-01-01' })).body.id;
  });
  const camt = (entries: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>M</MsgId><CreDtTm>2026-12-01T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>USD</Ccy></Acct>
${entries}
</Stmt></BkToCstmrStmt></Document>`;
  const entry = (ref: string, amount: string) =>
    `<Ntry><NtryRef>${ref}</NtryRef><Amt Ccy="USD">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>` +
    `<BookgDt><Dt>2026-11-12</Dt></BookgDt><AddtlNtryInf>Payment ${ref}</AddtlNtryInf></Ntry>`;
  const importing = (format: string, file: string) => call(`/api/v1/bank-accounts/${bankId}/statements`, { format, file });

  it('declaring entities is refused as such (400), nothing read', async () => {
    const xxe = camt(entry('E1', '1.00')).replace(
      '<Document',
      '<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Document',
    );
    const refused = await importing('camt053', xxe);
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual([{ path: 'file', message: expect.stringMatching(/declares a document type or entities/) }]);
  });

  it('nested past what any statement needs is refused (400), in CAMT and in OFX', async () => {
    const deep = camt(`${'<AddtlInf>'.repeat(20_000)}x${'</AddtlInf>'.repeat(20_000)}`);
    const refused = await importing('camt053', deep);
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors[0].message).toMatch(/nests deeper than 64 elements/);
    const ofx = `OFXHEADER:100\n\n<OFX>${'<AGG>\n'.repeat(50_000)}`;
    expectProblem(await importing('ofx', ofx), 400, 'VALIDATION_FAILED');
    expect((await call(`/api/v1/bank-transactions?bankAccountId=${bankId}`)).body.data).toEqual([]);
  });

  it('names the true line of a bad entry among thousands separated by blank lines', async () => {
    const entries = Array.from({ length: 3000 }, (_, i) => entry(`E${i}`, i === 2500 ? '1O.00' : '1.00')).join('\n\n\n');
    const refused = await importing('camt053', camt(entries));
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    // Four lines before the entries, then each entry on its own line with two blank lines after it.
    expect(refused.body.errors[0].message).toMatch(/^line 7505, /);
  });

  it('imports a year of a busy account (100,000 lines, zipped) whole as a job, and refuses a file of more, naming its count', async () => {
    const transaction = (i: number) => {
      const month = String(1 + (i % 12)).padStart(2, '0');
      const amount = (1 + (i % 997) / 100).toFixed(2);
      return `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>2026${month}15<TRNAMT>${amount}<FITID>Y${i}<NAME>Payer ${i % 50}</STMTTRN>`;
    };
    const ofx = (lines: number) =>
      'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD<BANKTRANLIST>\n' +
      `${Array.from({ length: lines }, (_, i) => transaction(i)).join('\n')}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const zipped = (lines: number) => Buffer.from(zipSync({ 'year.ofx': strToU8(ofx(lines)) })).toString('base64');
    const year = (await call('/api/v1/bank-accounts', { name: 'Busy Year', kind: 'bank', openingDate: '2025-12-01' })).body.id;
    const file = zipped(100_000);
    expect(file.length).toBeLessThan(8 * 1024 * 1024);
    // As a job: a bulk import of bank statements, each line a statement file and the account it is for; the
    // request answers 202 at once, and the job's result names the statement (or why a line was refused).
    const jsonl = [
      { idempotencyKey: 'year-2026', body: { bankAccountId: year, format: 'ofx', file, encoding: 'base64' } },
      { body: { format: 'ofx', file: zipped(1), encoding: 'base64' } },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');
    const queued = await fetch(`${t.url}/api/v1/bulk-operations/imports?resource=bank-statements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/jsonl' },
      body: jsonl,
    });
    expect(queued.status, await queued.clone().text()).toBe(202);
    const operation = (await queued.json()) as { id: string };
    await t.app.workers['bulk-operations']!.drain();
    const done = (await call(`/api/v1/bulk-operations/${operation.id}`)).body;
    expect(done).toMatchObject({ status: 'completed', objectCount: 2, errorCount: 1 });
    const results = (await (await fetch(`${t.url}${new URL(done.url).pathname}`)).text())
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(results[0]).toMatchObject({ line: 1, idempotencyKey: 'year-2026', status: 201, id: expect.stringMatching(/^bst_/) });
    expect(results[1]).toMatchObject({ line: 2, status: 400, error: { errors: [{ path: 'bankAccountId' }] } });
    const imported = (await call(`/api/v1/bank-statements/${results[0].id}`)).body;
    expect(imported).toMatchObject({ lineCount: 100_000, newCount: 100_000, startDate: '2026-01-15', endDate: '2026-12-15' });
    expect((await call(`/api/v1/bank-transactions?bankAccountId=${year}&limit=1`)).body.total).toBe(100_000);

    const other = (await call('/api/v1/bank-accounts', { name: 'Too Busy', kind: 'bank', openingDate: '2025-12-01' })).body.id;
    const refused = await call(`/api/v1/bank-accounts/${other}/statements`, { format: 'ofx', file: zipped(100_001), encoding: 'base64' });
    expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual([{ path: 'file', message: 'has 100001 lines; import at most 100000 at once' }]);
    expect((await call(`/api/v1/bank-statements?bankAccountId=${other}`)).body.total).toBe(0);
  });
});

describe('a report that reads without bound', () => {
  it('reads every open document off the request thread on SQLite, with the same answer', async () => {
    // An organization of its own: the other tests' invoices are not in its aging.
    const owing = await t.tenant('Owing Co');
    const post = (path: string, body: unknown) => http(t.url, path, { key: owing.key, body });
    const customer = (await post('/api/v1/customers', { name: 'Owing Ltd' })).body;
    for (const day of ['01', '02', '03'])
      await post('/api/v1/invoices', {
        customerId: customer.id,
        issueDate: `2026-10-${day}`,
        lines: [{ description: 'Work', unitPrice: 10 }],
      });
    const from = t.queries.length;
    const aged = await gql(t.url, owing.key, '{ agedReceivables(asOf: "2026-12-01") { invoices { number outstanding bucket } } }');
    expect(aged.body.errors).toBeUndefined();
    expect(aged.body.data.agedReceivables.invoices).toHaveLength(3);
    expect(aged.body.data.agedReceivables.invoices.map((i: { outstanding: string }) => i.outstanding)).toEqual(['10.00', '10.00', '10.00']);
    // The serving connection never ran the read of the open documents: a read-only one in the pool did.
    const served = t.queries.slice(from).filter((q) => q.includes('o."kind"'));
    expect(served).toHaveLength(t.db.provider === 'sqlite' ? 0 : 1);
  });
});

/** A drawPdf task's input: an invoice of `count` one-dollar lines, long enough to keep a thread busy a while. */
function longPdf(organizationId: string, count: number) {
  const lines = Array.from({ length: count }, (_, i) => ({
    description: `Line ${i}`,
    quantityMilli: 1000n,
    unitPrice: 100n,
    amount: 100n,
    taxAmount: 0n,
    taxRatePpm: null,
  }));
  const letterhead = { organizationId, name: 'Heavy', address: null, taxId: null, email: null, locale: null, logo: null };
  const view = {
    title: 'Invoice',
    number: 'INV-1',
    currency: 'USD',
    dates: [],
    party: null,
    lines,
    totals: [['Total', BigInt(count * 100)]],
  };
  return { letterhead, view };
}

describe('the heavy-work pool', () => {
  it('ends a task whose library crashes with a clear error, and serves the next one', async () => {
    const failed = await runHeavyTask('drawLogo', { base64: TRUNCATED_PNG }, { organizationId: 'org_crash' }).catch((e) => e);
    expect(failed).toBeInstanceOf(HeavyTaskFailed);
    expect(failed).toMatchObject({ task: 'drawLogo', reason: 'crashed' });
    expect(await runHeavyTask('drawLogo', { base64: GOOD_PNG }, { organizationId: 'org_crash' })).toBeNull();
  });

  it.runIf(existsSync('/proc/thread-self'))('runs its threads at a lower priority than the thread that answers requests', async () => {
    await runHeavyTask('drawLogo', { base64: GOOD_PNG }, { organizationId: 'org_nice' });
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (after the command in parentheses).
    const nice = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const threads = readdirSync('/proc/self/task').map(nice);
    expect(nice(String(process.pid))).toBe(0);
    expect(threads).toContain(HEAVY_THREAD_NICE);
  });

  it("gives an organization its share: more wait a few deep, past them 429, a job always waits, another organization's runs", async () => {
    const release = openHeavyWork({ perOrganization: 1 });
    try {
      const task = (organizationId: string, whenBusy?: 'wait') =>
        runHeavyTask('drawLogo', { base64: GOOD_PNG }, { organizationId, ...(whenBusy ? { whenBusy } : {}) });
      // One runs, four wait behind it (a request's queue is four shares deep).
      const admitted = Array.from({ length: 5 }, () => task('org_busy'));
      const refused = await task('org_busy').catch((e) => e);
      expect(refused).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 1 } });
      // A request can be told so before it reads what its task would need (a PDF's document).
      expect(() => refuseWhenShareTaken('org_busy')).toThrow(/already has 1 heavy operations/);
      expect(() => refuseWhenShareTaken('org_quiet')).not.toThrow();
      const job = task('org_busy', 'wait');
      const other = task('org_quiet');
      expect(await Promise.all([...admitted, job, other])).toEqual(Array(7).fill(null));
      expect(() => refuseWhenShareTaken('org_busy')).not.toThrow();
    } finally {
      await release();
    }
  });

  it("refuses a PDF past its organization's share before it looks the document up", async () => {
    const release = openHeavyWork({ perOrganization: 1 });
    try {
      const customer = (await call('/api/v1/customers', { name: 'Burst Reader' })).body;
      const invoice = (
        await call('/api/v1/invoices', {
          customerId: customer.id,
          issueDate: '2026-11-03',
          lines: [{ description: 'Work', unitPrice: 10 }],
        })
      ).body;
      // One drawing and four waiting: the organization's share, waiting places included, is taken.
      const busy = Array.from({ length: 5 }, () => runHeavyTask('drawPdf', longPdf(organizationId, 3000), { organizationId }));
      const from = t.queries.length;
      const refused = await fetch(`${t.url}/api/v1/invoices/${invoice.id}/pdf`, { headers: { authorization: `Bearer ${key}` } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(t.queries.slice(from).filter((q) => q.includes('"Invoice"'))).toEqual([]);
      await Promise.all(busy);
      const drawn = await fetch(`${t.url}/api/v1/invoices/${invoice.id}/pdf`, { headers: { authorization: `Bearer ${key}` } });
      expect(drawn.status).toBe(200);
    } finally {
      await release();
    }
  });

  it('ends a task that runs past its time, and says so', async () => {
    const release = openHeavyWork({ timeoutMs: 100 });
    try {
      const failed = await runHeavyTask('drawPdf', longPdf('org_slow', 20_000), { organizationId: 'org_slow' }).catch((e) => e);
      expect(failed).toMatchObject({ task: 'drawPdf', reason: 'timed out' });
    } finally {
      await release();
    }
  });
});
