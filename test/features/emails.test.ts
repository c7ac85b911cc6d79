// Documents sent by email, as a customer receives them: a real SMTP server of the test's own on
// 127.0.0.1 (smtp-server) takes the mail, which is read back (mailparser): the invoice's PDF attached,
// its public link in the text. A server that is down for a while is retried; an address it refuses
// for good fails at once, visibly; a customer without an address, a draft, a key that may not read the
// invoice and a server with no mail configured are refused, writing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';
import {
  createTestApp,
  expectProblem,
  havePdfText,
  http,
  pdfText,
  startMailServer,
  type TestApp,
  type TestMailServer,
} from '../helpers.ts';
import { mailHtml } from '../../src/modules/emails/mailer.ts';

let mail: TestMailServer;

let t: TestApp;
let key: string;
let organizationId: string;
const post = (path: string, body: unknown = {}, k = key) => http(t.url, path, { key: k, body });
const get = (path: string) => http(t.url, path, { key });
const sendAll = () => t.app.workers.mailer!.drain();

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ mail: mail.settings({ from: 'Books <books@test.example>' }) });
  ({ key, organizationId } = await t.tenant('Mailing Co'));
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

describe('sending an invoice', () => {
  let customer: { id: string };
  let invoice: { id: string; number: string; hostedUrl: string };

  beforeAll(async () => {
    customer = (await post('/api/v1/customers', { name: 'Pat Buyer', email: 'pat@buyer.test' })).body;
    invoice = (
      await post('/api/v1/invoices', {
        customerId: customer.id,
        issueDate: '2026-11-01',
        dueDate: '2026-11-30',
        lines: [{ description: 'Design work', quantity: 3, unitPrice: 120 }],
      })
    ).body;
  });

  it.skipIf(!havePdfText)(
    'delivers it to the customer with the PDF attached and the link to its page, and records it on the invoice',
    async () => {
      const details = await http(t.url, '/api/v1/organization', {
        key,
        method: 'PATCH',
        body: { paymentDetails: 'Account 123456789\nRouting 021000021' },
      });
      expect(details.body.paymentDetails).toBe('Account 123456789\nRouting 021000021');
      const queued = await post(`/api/v1/invoices/${invoice.id}/send`, { message: 'Thank you for your business.' });
      expect(queued.status).toBe(202);
      expect(queued.headers.get('location')).toBe(`/api/v1/emails/${queued.body.id}`);
      expect(queued.body).toMatchObject({ status: 'queued', to: ['pat@buyer.test'], documentId: invoice.id, attempts: 0 });
      await sendAll();
      const message = mail.received.at(-1)!;
      expect(message.to).toMatchObject({ text: 'pat@buyer.test' });
      expect(message.from?.value).toEqual([{ name: 'Books', address: 'books@test.example' }]);
      expect(message.replyTo).toBeUndefined(); // the organization has no email yet
      expect(message.subject).toBe(`Invoice ${invoice.number} from Mailing Co`);
      expect(message.text).toContain('Thank you for your business.');
      // Amounts and dates as the PDF writes them (the organization's locale, en-US by default).
      expect(message.text).toContain('Amount due: $360.00, due on Nov 30, 2026.');
      expect(message.text).toContain(`How to pay:\nAccount 123456789\nRouting 021000021\nReference: ${invoice.number}`);
      expect(message.text).toContain(`View it online: ${t.config.mail.publicUrl}${invoice.hostedUrl}`);
      // An HTML part beside the text: the same words, and the page as a link.
      expect(message.html).toContain('<p style="margin:0 0 16px">Thank you for your business.</p>');
      expect(message.html).toContain('Amount due: $360.00, due on Nov 30, 2026.');
      expect(message.html).toContain(`href="${t.config.mail.publicUrl}${invoice.hostedUrl}"`);
      const [attachment] = message.attachments;
      expect(attachment).toMatchObject({ filename: `${invoice.number}.pdf`, contentType: 'application/pdf' });
      const text = pdfText(attachment!.content);
      expect(text).toContain(invoice.number);
      expect(text).toContain('Design work');
      expect(text).toContain('$360.00');

      const email = (await get(`/api/v1/emails/${queued.body.id}`)).body;
      expect(email).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null });
      expect(email.messageId).toBe(message.messageId);
      const after = (await get(`/api/v1/invoices/${invoice.id}`)).body;
      expect(after.sentTo).toEqual(['pat@buyer.test']);
      expect(after.sentAt).toBe(email.sentAt);
      const types = (await get('/api/v1/events?limit=100')).body.data.map((e: { type: string }) => e.type);
      expect(types).toContain('invoice.sent');
      expect(types).toContain('email.sent');
    },
  );

  it('a server down for a while: the mail waits and is retried until the server takes it', async () => {
    mail.failNext(1);
    const before = mail.received.length;
    const queued = (await post(`/api/v1/invoices/${invoice.id}/send`, { to: ['accounts@buyer.test'], cc: ['boss@buyer.test'] })).body;
    await sendAll();
    const waiting = (await get(`/api/v1/emails/${queued.id}`)).body;
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.lastError).toMatch(/Try again later/);
    await sendAll();
    expect((await get(`/api/v1/emails/${queued.id}`)).body).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(mail.received).toHaveLength(before + 1);
    expect(mail.received.at(-1)!.cc).toMatchObject({ text: 'boss@buyer.test' });
  });

  it('counts every offer to the mail server by outcome, for the operator', async () => {
    const metric = await t.app.metrics.registry.getSingleMetric('accounting_email_attempts_total')!.get();
    const count = (outcome: string) => metric.values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
    // Every mail the server took so far, one retry after the outage above, none given up on.
    expect([count('sent'), count('retrying'), count('failed')]).toEqual([mail.received.length, 1, 0]);
  });

  it("is sent from the server's address with the organization's email to reply to, once it has one", async () => {
    expect((await http(t.url, '/api/v1/organization', { key, method: 'PATCH', body: { email: 'accounts@mailing.test' } })).status).toBe(
      200,
    );
    await post(`/api/v1/invoices/${invoice.id}/send`, {});
    await sendAll();
    const message = mail.received.at(-1)!;
    expect(message.from?.value).toEqual([{ name: 'Books', address: 'books@test.example' }]);
    expect(message.replyTo?.value).toEqual([{ name: '', address: 'accounts@mailing.test' }]);
  });

  it('an address refused for good fails at once, visibly, and can be retried', async () => {
    const queued = (await post(`/api/v1/invoices/${invoice.id}/send`, { to: ['nobody@buyer.test'] })).body;
    await sendAll();
    const failed = (await get(`/api/v1/emails/${queued.id}`)).body;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toMatch(/No such mailbox/);
    const events = (await get('/api/v1/events?type=email.failed')).body.data;
    expect(events.map((e: { data: { object: { id: string } } }) => e.data.object.id)).toEqual([queued.id]);
    expect((await get(`/api/v1/emails?status=failed`)).body.total).toBe(1);
    const retried = (await post(`/api/v1/emails/${queued.id}/retry`)).body;
    expect(retried).toMatchObject({ status: 'queued', attempts: 0 });
    expectProblem(await post(`/api/v1/emails/${queued.id}/retry`), 400, 'INVALID_STATE');
  });

  it('refuses, writing nothing: a customer without an address, a draft, bad addresses, a key that may not read invoices', async () => {
    const silent = (await post('/api/v1/customers', { name: 'No Mail Ltd' })).body;
    const posted = (await post('/api/v1/invoices', { customerId: silent.id, lines: [{ description: 'x', unitPrice: 10 }] })).body;
    const total = (await get('/api/v1/emails')).body.total;
    const noAddress = await post(`/api/v1/invoices/${posted.id}/send`);
    expectProblem(noAddress, 400, 'VALIDATION_FAILED');
    expect(noAddress.body.errors[0]).toMatchObject({ path: 'to' });
    expect(noAddress.body.errors[0].message).toMatch(/has no email address/);
    const badAddresses = await post(`/api/v1/invoices/${posted.id}/send`, { to: ['not-an-address'], cc: ['also bad'] });
    expect(badAddresses.body.errors.map((e: { path: string }) => e.path)).toEqual(['to.0', 'cc.0']);
    const draft = (await post('/api/v1/invoices', { customerId: customer.id, draft: true, lines: [{ description: 'x', unitPrice: 1 }] }))
      .body;
    expectProblem(await post(`/api/v1/invoices/${draft.id}/send`), 400, 'INVALID_STATE');
    const { plaintext } = await createApiKey(t.db.prisma, organizationId, 'mailer only', { scopes: ['emails:write'] });
    expectProblem(await post(`/api/v1/invoices/${invoice.id}/send`, {}, plaintext), 403, 'INSUFFICIENT_SCOPE');
    expect((await get('/api/v1/emails')).body.total).toBe(total);
  });

  it.skipIf(!havePdfText)("a statement's email and PDF say what is owed at its end and how overdue, bucket by bucket", async () => {
    const owing = (await post('/api/v1/customers', { name: 'Aging Buyer', email: 'aging@buyer.example' })).body;
    for (const [issueDate, dueDate, unitPrice] of [
      ['2026-08-01', '2026-08-31', 100],
      ['2026-10-16', '2026-11-15', 50],
      ['2026-11-15', '2026-12-15', 25],
    ] as const)
      expect(
        (await post('/api/v1/invoices', { customerId: owing.id, issueDate, dueDate, lines: [{ description: 'Goods', unitPrice }] })).status,
      ).toBe(201);
    const queued = await post('/api/v1/reports/customer-statement/send', { customerId: owing.id, from: '2026-08-01', to: '2026-11-30' });
    expect(queued.status).toBe(202);
    await sendAll();
    const message = mail.received.at(-1)!;
    expect(message.text).toContain(
      'Balance owed on Nov 30, 2026: $175.00.\nNot yet due: $25.00\n1\u201330 days overdue: $50.00\nOver 90 days overdue: $100.00',
    );
    expect(message.html).toContain('Not yet due: $25.00<br>1\u201330 days overdue: $50.00<br>Over 90 days overdue: $100.00');
    // The PDF prints every bucket under the balance, as QuickBooks does: the columns' labels, then their amounts.
    const text = pdfText(message.attachments[0]!.content).replace(/[ \t]+/g, ' ');
    expect(text).toMatch(
      /Not yet due 1\u201330 days overdue 31\u201360 days overdue 61\u201390 days overdue Over 90 days overdue\s*\n\s*\$25\.00 \$50\.00 \$0\.00 \$0\.00 \$100\.00/,
    );
  });

  it.skipIf(!havePdfText)("sends a customer's statement for a period as a PDF", async () => {
    const queued = await post('/api/v1/reports/customer-statement/send', { customerId: customer.id, from: '2026-11-01', to: '2026-11-30' });
    expect(queued.status).toBe(202);
    await sendAll();
    const message = mail.received.at(-1)!;
    expect(message.subject).toBe('Statement 2026-11-01 to 2026-11-30 from Mailing Co');
    // It says what is owed at the period's end, as the statement's last line does.
    expect(message.text).toMatch(/(Balance owed on Nov 30, 2026: \$[\d,]+\.\d\d|Nothing is owed on Nov 30, 2026)\./);
    expect(pdfText(message.attachments[0]!.content)).toMatch(/STATEMENT|Statement/);
    expect((await get(`/api/v1/emails/${queued.body.id}`)).body).toMatchObject({
      status: 'sent',
      documentType: 'customer_statement',
      parameters: { customerId: customer.id, from: '2026-11-01', to: '2026-11-30' },
    });
  });
});

it('a recurring invoice that sends is mailed to its customer once made', async () => {
  const customer = (await post('/api/v1/customers', { name: 'Retainer Client', email: 'retainer@client.test' })).body;
  const schedule = await post('/api/v1/recurring-schedules', {
    invoice: { customerId: customer.id, lines: [{ description: 'Retainer', unitPrice: 900 }] },
    frequency: 'month',
    startDate: '2026-11-01',
    count: 1,
    documentStatus: 'posted',
    send: true,
  });
  expect(schedule.status).toBe(201);
  const drafts = await post('/api/v1/recurring-schedules', {
    invoice: { customerId: customer.id, lines: [{ description: 'Retainer', unitPrice: 900 }] },
    frequency: 'month',
    startDate: '2026-11-01',
    send: true,
  });
  expectProblem(drafts, 400, 'VALIDATION_FAILED');
  expect(drafts.body.errors).toEqual([{ path: 'send', message: 'sends posted invoices only: set documentStatus to POSTED' }]);
  await t.app.workers.recurring!.drain();
  await sendAll();
  const made = (await get(`/api/v1/recurring-schedules/${schedule.body.id}`)).body;
  const message = mail.received.at(-1)!;
  expect(message.to).toMatchObject({ text: 'retainer@client.test' });
  const invoice = (await get(`/api/v1/invoices/${made.lastDocumentId}`)).body;
  expect(message.subject).toBe(`Invoice ${invoice.number} from Mailing Co`);
  expect(invoice).toMatchObject({ issueDate: '2026-11-01', recurringScheduleId: schedule.body.id, sentTo: ['retainer@client.test'] });
});

it('a recurring invoice catching up mails only its latest occurrence, not a backlog', async () => {
  const customer = (await post('/api/v1/customers', { name: 'Backlog Client', email: 'backlog@client.test' })).body;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const schedule = await post('/api/v1/recurring-schedules', {
    invoice: { customerId: customer.id, lines: [{ description: 'Weekly service', unitPrice: 100 }] },
    frequency: 'week',
    startDate: day(-21),
    documentStatus: 'posted',
    send: true,
  });
  expect(schedule.status).toBe(201);
  await t.app.workers.recurring!.drain();
  await sendAll();
  const invoices = (await get(`/api/v1/invoices?customerId=${customer.id}&limit=10`)).body.data as {
    issueDate: string;
    sentTo?: string[];
  }[];
  expect(invoices.map((i) => i.issueDate).sort()).toEqual([day(-21), day(-14), day(-7), day(0)]);
  expect(invoices.filter((i) => i.sentTo).map((i) => i.issueDate)).toEqual([day(0)]);
  expect(mail.received.filter((m) => (m.to as { text?: string } | undefined)?.text === 'backlog@client.test')).toHaveLength(1);
});

it('a server with no mail configured refuses to send, saying why', async () => {
  const bare = await createTestApp();
  try {
    const { key: k } = await bare.tenant('No Mail Co');
    const c = (await http(bare.url, '/api/v1/customers', { key: k, body: { name: 'C', email: 'c@c.test' } })).body;
    const i = (
      await http(bare.url, '/api/v1/invoices', { key: k, body: { customerId: c.id, lines: [{ description: 'x', unitPrice: 1 }] } })
    ).body;
    const refused = await http(bare.url, `/api/v1/invoices/${i.id}/send`, { key: k, body: {} });
    expectProblem(refused, 503, 'SERVICE_UNAVAILABLE');
    expect(refused.body.detail).toMatch(/SMTP_URL/);
    const sending = {
      invoice: { customerId: c.id, lines: [{ description: 'x', unitPrice: 1 }] },
      frequency: 'day',
      startDate: '2026-11-01',
    };
    const schedule = await http(bare.url, '/api/v1/recurring-schedules', {
      key: k,
      body: { ...sending, documentStatus: 'posted', send: true },
    });
    expectProblem(schedule, 503, 'SERVICE_UNAVAILABLE');
    expect((await http(bare.url, '/api/v1/emails', { key: k })).body.total).toBe(0);
  } finally {
    await bare.close();
  }
});

it('an organization queues at most MAIL_PER_HOUR emails an hour: past it 429 with Retry-After, nothing queued', async () => {
  const capped = await createTestApp({ mail: { ...mail.settings(), perHour: 2 } });
  try {
    const { key: k } = await capped.tenant('Chatty Co');
    const c = (await http(capped.url, '/api/v1/customers', { key: k, body: { name: 'C', email: 'c@chatty.test' } })).body;
    const i = (
      await http(capped.url, '/api/v1/invoices', { key: k, body: { customerId: c.id, lines: [{ description: 'x', unitPrice: 1 }] } })
    ).body;
    for (let n = 0; n < 2; n++) expect((await http(capped.url, `/api/v1/invoices/${i.id}/send`, { key: k, body: {} })).status).toBe(202);
    const refused = await http(capped.url, `/api/v1/invoices/${i.id}/send`, { key: k, body: { to: ['else@where.test'] } });
    expectProblem(refused, 429, 'RATE_LIMITED');
    expect(refused.body.detail).toMatch(/2 emails in the last hour/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect((await http(capped.url, '/api/v1/emails', { key: k })).body.total).toBe(2);
  } finally {
    await capped.close();
  }
});

it("a message the sender typed is text in the mail's HTML, never markup", () => {
  const html = mailHtml(['<b>Hi</b> & "welcome"', 'Line one\nLine two'], 'https://books.test/i/abc?x=1&y=<2>', 'Invoice <INV-1>');
  expect(html).toContain('&lt;b&gt;Hi&lt;/b&gt; &amp; &quot;welcome&quot;');
  expect(html).toContain('Line one<br>Line two');
  expect(html).toContain('href="https://books.test/i/abc?x=1&amp;y=&lt;2&gt;"');
  expect(html).toContain('View Invoice &lt;INV-1&gt; online');
  expect(html).not.toContain('<b>');
});
