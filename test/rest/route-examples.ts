// How to call every REST operation successfully: fresh records for path ids, a valid body, a query.
// Shared by the OpenAPI conformance test and the scope test, so both cover every route the same way.
import { vi } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { storeImportFile } from '../../src/modules/bulk-operations/bulk-operations.files.ts';

export interface ExampleEnv {
  /** Creates a record with a POST (or changes one with a PATCH) as a full-access key, and returns its id. */
  created(path: string, body: unknown, method?: 'POST' | 'PATCH'): Promise<string>;
  db: Database;
  accounts: Record<string, string>;
  hookUrl: string;
}

export type RouteExamples = Record<string, { path: () => Promise<string>; body?: () => Promise<unknown> | unknown }>;

/**
 * A record an example's path and body both name: made at the first of the two calls (callers ask for
 * them in either order), forgotten after the second, so the next call makes a fresh one.
 */
function pairedRecord<T>(make: () => Promise<T>) {
  let pending: Promise<T> | undefined;
  let calls = 0;
  return () => {
    pending ??= make();
    const current = pending;
    if (++calls === 2) [pending, calls] = [undefined, 0];
    return current;
  };
}

/**
 * The examples of an owed document's routes (modules/documents/rest.ts `owedDocumentRoutes`), by their
 * operations: list, create, retrieve, update, delete (drafts), finalize, void, and its payments' record,
 * list, retrieve and void. A new owed document gives its bodies; the operations follow from its names.
 */
function owedDocumentExamples(
  created: ExampleEnv['created'],
  o: {
    path: string;
    typename: string;
    payment: { typename: string; path: string };
    /** Makes one (a draft with `true`) and answers its id. */
    make: (draft?: boolean) => Promise<string>;
    create: () => Promise<unknown> | unknown;
    update: () => unknown;
  },
): RouteExamples {
  const [T, P] = [o.typename, o.payment.typename];
  const payment = async (body: object = { amount: 20 }) => created(`${o.path}/${await o.make()}/payments`, body);
  return {
    [`list${T}s`]: { path: async () => `${o.path}?status=open` },
    [`create${T}`]: { path: async () => o.path, body: o.create },
    [`get${T}`]: { path: async () => `${o.path}/${await o.make()}` },
    [`update${T}`]: { path: async () => `${o.path}/${await o.make(true)}`, body: o.update },
    [`delete${T}`]: { path: async () => `${o.path}/${await o.make(true)}` },
    [`finalize${T}`]: { path: async () => `${o.path}/${await o.make(true)}/finalize` },
    [`void${T}`]: { path: async () => `${o.path}/${await o.make()}/void`, body: () => ({ reason: 'entered twice' }) },
    [`record${P}`]: { path: async () => `${o.path}/${await o.make()}/payments`, body: () => ({ amount: 50 }) },
    [`list${P}s`]: { path: async () => `${o.payment.path}?from=2026-01-01&limit=5` },
    [`get${P}`]: { path: async () => `${o.payment.path}/${await payment({ amount: 20, method: 'card' })}` },
    [`void${P}`]: { path: async () => `${o.payment.path}/${await payment()}/void`, body: () => ({ reason: 'bounced' }) },
  };
}

export function routeExamples({ created, db, accounts, hookUrl }: ExampleEnv): RouteExamples {
  let revaluations = 0;
  // Each new account a code of its own: two drawn at random from 90 clashed now and then (a 400 instead of a 201).
  let accountCodes = 0;
  const customer = () => created('/api/v1/customers', { name: `Customer ${Math.random()}` });
  const invoice = async (draft = false) =>
    created('/api/v1/invoices', { customerId: await customer(), draft, lines: [{ description: 'Work', unitPrice: 120, quantity: 1.5 }] });
  const vendor = () => created('/api/v1/vendors', { name: `Vendor ${Math.random()}` });
  const bill = async (draft = false) =>
    created('/api/v1/bills', {
      vendorId: await vendor(),
      draft,
      lines: [{ description: 'Supplies', unitPrice: 80, quantity: 2, accountId: accounts['6000'] }],
    });
  const creditNote = async () =>
    created('/api/v1/credit-notes', { customerId: await customer(), lines: [{ description: 'Credit', unitPrice: 30 }] });
  const vendorCredit = async () =>
    created('/api/v1/vendor-credits', {
      vendorId: await vendor(),
      lines: [{ description: 'Returned', unitPrice: 40, accountId: accounts['6000'] }],
    });
  let creditVendorId: Promise<string> | undefined;
  // A credit and one use of it (an application, a refund), which an undo's path and body both name.
  const creditApplied = pairedRecord(async () => {
    const customerId = await customer();
    const credit = await created('/api/v1/credit-notes', { customerId, lines: [{ description: 'Credit', unitPrice: 30 }] });
    const invoiceId = await created('/api/v1/invoices', { customerId, lines: [{ description: 'Work', unitPrice: 20 }] });
    await created(`/api/v1/credit-notes/${credit}/apply`, { allocations: [{ invoiceId, amount: 5 }] });
    return { credit, use: (await db.prisma.creditNoteAllocation.findFirstOrThrow({ where: { creditNoteId: credit } })).id };
  });
  const creditRefunded = pairedRecord(async () => {
    const credit = await creditNote();
    await created(`/api/v1/credit-notes/${credit}/refund`, { amount: 10 });
    return { credit, use: (await db.prisma.creditNoteRefund.findFirstOrThrow({ where: { creditNoteId: credit } })).id };
  });
  const vendorCreditApplied = pairedRecord(async () => {
    const vendorId = await vendor();
    const lines = [{ description: 'Credit', unitPrice: 30, accountId: accounts['6000'] }];
    const credit = await created('/api/v1/vendor-credits', { vendorId, lines });
    const billId = await created('/api/v1/bills', { vendorId, lines });
    await created(`/api/v1/vendor-credits/${credit}/apply`, { allocations: [{ billId, amount: 5 }] });
    return { credit, use: (await db.prisma.vendorCreditAllocation.findFirstOrThrow({ where: { vendorCreditId: credit } })).id };
  });
  const vendorCreditRefunded = pairedRecord(async () => {
    const credit = await vendorCredit();
    await created(`/api/v1/vendor-credits/${credit}/refund`, { amount: 10 });
    return { credit, use: (await db.prisma.vendorCreditRefund.findFirstOrThrow({ where: { vendorCreditId: credit } })).id };
  });
  // Prepayments of each side: money paid ahead, then applied to a document of the same party or refunded.
  const prepaid = (side: 'customer' | 'vendor') => {
    const [path, partyKey, party, document, documentKey] =
      side === 'customer'
        ? (['/api/v1/customer-prepayments', 'customerId', customer, '/api/v1/invoices', 'invoiceId'] as const)
        : (['/api/v1/vendor-prepayments', 'vendorId', vendor, '/api/v1/bills', 'billId'] as const);
    const lines = [{ description: 'Work', unitPrice: 20, accountId: accounts[side === 'customer' ? '4000' : '6000'] }];
    const make = async (partyId?: string) => created(path, { [partyKey]: partyId ?? (await party()), amount: 30 });
    const model = side === 'customer' ? db.prisma.customerPrepayment : db.prisma.vendorPrepayment;
    const uses = async (id: string) =>
      await (model as typeof db.prisma.customerPrepayment).findUniqueOrThrow({
        where: { id },
        include: { allocations: true, refunds: true },
      });
    const applied = pairedRecord(async () => {
      const partyId = await party();
      const credit = await make(partyId);
      const documentId = await created(document, { [partyKey]: partyId, lines });
      await created(`${path}/${credit}/apply`, { allocations: [{ [documentKey]: documentId, amount: 5 }] });
      return { credit, use: (await uses(credit)).allocations[0]!.id };
    });
    const refunded = pairedRecord(async () => {
      const credit = await make();
      await created(`${path}/${credit}/refund`, { amount: 10 });
      return { credit, use: (await uses(credit)).refunds[0]!.id };
    });
    // The prepayment and the document it is applied to, of one party, whichever of path and body is asked first.
    const pair = pairedRecord(async () => {
      const partyId = await party();
      return { credit: await make(partyId), documentId: await created(document, { [partyKey]: partyId, lines }) };
    });
    const typename = side === 'customer' ? 'CustomerPrepayment' : 'VendorPrepayment';
    return {
      [`list${typename}s`]: { path: async () => `${path}?status=open` },
      [`create${typename}`]: {
        path: async () => path,
        body: async () => ({ [partyKey]: await party(), amount: 250, date: '2026-05-02', method: 'transfer', reference: 'DEP-7' }),
      },
      [`get${typename}`]: { path: async () => `${path}/${await make()}` },
      [`apply${typename}`]: {
        path: async () => `${path}/${(await pair()).credit}/apply`,
        body: async () => ({ allocations: [{ [documentKey]: (await pair()).documentId, amount: 5 }] }),
      },
      [`refund${typename}`]: { path: async () => `${path}/${await make()}/refund`, body: () => ({ amount: 10 }) },
      [`void${typename}`]: { path: async () => `${path}/${await make()}/void`, body: () => ({ reason: 'recorded twice' }) },
      [`unapply${typename}`]: {
        path: async () => `${path}/${(await applied()).credit}/unapply`,
        body: async () => ({ allocationId: (await applied()).use }),
      },
      [`void${typename}Refund`]: {
        path: async () => `${path}/${(await refunded()).credit}/void-refund`,
        body: async () => ({ refundId: (await refunded()).use }),
      },
    } as RouteExamples;
  };
  // Exchange rates: each on a day of its own (one rate per currency and date).
  let days = 0;
  const exampleDay = () => {
    days++;
    return `${String(1 + (Math.floor(days / 28) % 12)).padStart(2, '0')}-${String(1 + (days % 28)).padStart(2, '0')}`;
  };
  const rate = () => created('/api/v1/exchange-rates', { currency: 'CHF', date: `2025-${exampleDay()}`, rate: '0.9' });
  // Banking: an account of its own for each example, its statement a CSV of one line of `amount` on `date`.
  const bankAccount = () =>
    created('/api/v1/bank-accounts', { name: `Bank ${Math.random()}`, kind: 'bank', openingBalance: 100, openingDate: '2026-01-01' });
  const statementCsv = (amount: number, date = '2026-03-02', text = 'Service charge') => ({
    format: 'csv',
    file: `Date,Amount,Text\n${date},${amount},${text}\n`,
    csv: { dateColumn: 'Date', amountColumn: 'Amount', descriptionColumn: 'Text' },
  });
  const statement = async (amount = -4.5) => created(`/api/v1/bank-accounts/${await bankAccount()}/statements`, statementCsv(amount));
  const statementLine = async (amount = -4.5) =>
    (await db.prisma.bankTransaction.findFirstOrThrow({ where: { statementId: await statement(amount) } })).id;
  // A payment into a bank account and the statement line it is, which a match's path and body both name.
  const paidLine = pairedRecord(async () => {
    const bank = await bankAccount();
    const { accountId } = await db.prisma.bankAccount.findUniqueOrThrow({ where: { id: bank } });
    const invoiceId = await created('/api/v1/invoices', {
      customerId: await customer(),
      issueDate: '2026-03-01',
      lines: [{ description: 'Work', unitPrice: 20 }],
    });
    const paymentId = await created(`/api/v1/invoices/${invoiceId}/payments`, {
      amount: 20,
      date: '2026-03-02',
      depositAccountId: accountId,
    });
    const statementId = await created(`/api/v1/bank-accounts/${bank}/statements`, statementCsv(20, '2026-03-03', 'Customer payment'));
    return { line: (await db.prisma.bankTransaction.findFirstOrThrow({ where: { statementId } })).id, paymentId };
  });
  const reconciliation = async () =>
    created(`/api/v1/bank-accounts/${await bankAccount()}/reconciliations`, { statementDate: '2026-01-31', closingBalance: 100 });
  const creditVendor = () => (creditVendorId ??= vendor());
  let creditCustomerId: Promise<string> | undefined;
  const creditCustomer = () => (creditCustomerId ??= customer());
  const entry = () =>
    created('/api/v1/journal-entries', {
      date: '2026-05-01',
      description: 'Rent',
      lines: [
        { accountId: accounts['6100'], debit: 10, credit: 0 },
        { accountId: accounts['1010'], debit: 0, credit: 10 },
      ],
    });
  // A subscription to what a webhooks:write key may read itself, so such a key may manage it.
  const webhook = () =>
    created('/api/v1/webhooks', { url: hookUrl, eventTypes: ['webhook_subscription.created', 'webhook_subscription.updated'] });
  /** The event of a subscription's creation: one it receives, and one a webhooks key may read. */
  const creationOf = async (subscriptionId: string) =>
    (await db.prisma.event.findFirstOrThrow({ where: { resourceId: subscriptionId, type: 'webhook_subscription.created' } })).id;
  let redelivered: string | undefined;
  /**
   * The creation event of a subscription, once its first delivery was attempted: what one redelivers, and so
   * the answer shows that attempt whichever instant the dispatcher got to it.
   */
  const deliveredCreationOf = async (subscriptionId: string) => {
    const eventId = await creationOf(subscriptionId);
    await vi.waitUntil(() => db.prisma.webhookDeliveryAttempt.count({ where: { delivery: { subscriptionId, eventId } } }), {
      timeout: 20_000,
      interval: 20,
    });
    return eventId;
  };
  const apiKey = () => created('/api/v1/api-keys', { name: `Key ${Math.random()}`, scopes: ['api_keys:read'] });
  /** An event any events:read key may read (one about the organization itself). */
  let paymentTerms = 30;
  const organizationEvent = async () => {
    await created('/api/v1/organization', { defaultPaymentTermsDays: ++paymentTerms }, 'PATCH'); // a change, so an event
    return (await db.prisma.event.findFirstOrThrow({ where: { resourceType: 'organization' }, orderBy: { seq: 'desc' } })).id;
  };

  // Documents sent by email: a customer with an address, and an email queued (or failed, to retry).
  const mailedCustomer = () => created('/api/v1/customers', { name: `Mailed ${Math.random()}`, email: 'ap@mailed.example' });
  const mailedInvoice = async () =>
    created('/api/v1/invoices', { customerId: await mailedCustomer(), lines: [{ description: 'Work', unitPrice: 50 }] });
  const email = async () => created(`/api/v1/invoices/${await mailedInvoice()}/send`, {});
  const failedEmail = async () => {
    const id = await email();
    await db.prisma.documentEmail.update({ where: { id }, data: { status: 'FAILED', lastError: 'refused' } });
    return id;
  };
  // Estimates and purchase orders.
  const estimate = async (then?: 'accept') => {
    const id = await created('/api/v1/estimates', {
      customerId: await mailedCustomer(),
      expiryDate: '2999-01-01',
      lines: [{ description: 'Survey', unitPrice: 90, quantity: 2 }],
    });
    if (then) await created(`/api/v1/estimates/${id}/${then}`, {});
    return id;
  };
  const purchaseOrder = async (then?: 'issue') => {
    const id = await created('/api/v1/purchase-orders', {
      vendorId: await vendor(),
      lines: [{ description: 'Paper', unitPrice: 4, quantity: 10, accountId: accounts['6000'] }],
    });
    if (then) await created(`/api/v1/purchase-orders/${id}/${then}`, {});
    return id;
  };
  const schedule = async () =>
    created('/api/v1/recurring-schedules', {
      invoice: { customerId: await customer(), lines: [{ description: 'Retainer', unitPrice: 100 }] },
      frequency: 'month',
      startDate: '2999-01-31',
      shortMonths: 'last_day',
    });
  const pausedSchedule = async () => {
    const id = await schedule();
    await created(`/api/v1/recurring-schedules/${id}/pause`, {});
    return id;
  };

  /** For each operationId: how to call it successfully (path ids made fresh, a body, a query). */
  const receipt = Buffer.from('%PDF-1.4\n% a receipt\n%%EOF\n');
  const attachment = async () =>
    created('/api/v1/attachments', { recordId: await bill(), filename: 'receipt.pdf', contentBase64: receipt.toString('base64') });
  // Bulk operations: an organization may have five queued at once, and nothing runs them here, so
  // each example first sets aside those earlier examples queued.
  const roomForBulk = () => db.prisma.bulkOperation.updateMany({ where: { status: 'CREATED' }, data: { status: 'CANCELED' } });
  const uploadedFile = async () => {
    const { organizationId } = await db.prisma.customer.findFirstOrThrow({ select: { organizationId: true } });
    return (await storeImportFile(db, organizationId, [Buffer.from('{"idempotencyKey": "c-1", "body": {"name": "Imported"}}\n')])).id;
  };
  const bulkOperation = async () => {
    await roomForBulk();
    return created('/api/v1/bulk-operations/exports', { query: '{ customers { edges { node { id name } } } }' });
  };
  return {
    bulkExport: {
      path: async () => '/api/v1/bulk-operations/exports',
      body: async () => {
        await roomForBulk();
        return { query: '{ invoices(filter: { status: OPEN }) { edges { node { id number total customer { name } } } } }' };
      },
    },
    bulkImport: {
      path: async () => '/api/v1/bulk-operations/imports',
      body: async () => {
        await roomForBulk();
        return { resource: 'customers', fileId: await uploadedFile() };
      },
    },
    listBulkOperations: { path: async () => '/api/v1/bulk-operations?type=export&limit=5' },
    getBulkOperation: { path: async () => `/api/v1/bulk-operations/${await bulkOperation()}` },
    cancelBulkOperation: { path: async () => `/api/v1/bulk-operations/${await bulkOperation()}/cancel` },
    attachFile: {
      path: async () => '/api/v1/attachments',
      body: async () => ({ recordId: await bill(), filename: 'receipt.pdf', contentBase64: receipt.toString('base64') }),
    },
    listAttachments: { path: async () => `/api/v1/attachments?recordId=${await bill()}` },
    getAttachment: { path: async () => `/api/v1/attachments/${await attachment()}` },
    deleteAttachment: { path: async () => `/api/v1/attachments/${await attachment()}` },
    getAttachmentContent: { path: async () => `/api/v1/attachments/${await attachment()}/content` },
    runBatch: {
      path: async () => '/api/v1/batch',
      body: async () => ({
        operations: [
          { method: 'POST', path: '/api/v1/customers', body: { name: 'Batch customer' }, idempotencyKey: `batch-${Math.random()}` },
          { method: 'GET', path: '/api/v1/accounts?type=asset&limit=2' },
        ],
      }),
    },
    listRecurringSchedules: { path: async () => '/api/v1/recurring-schedules?documentType=invoice&status=active' },
    createRecurringSchedule: {
      path: async () => '/api/v1/recurring-schedules',
      body: async () => ({
        name: 'Monthly retainer',
        invoice: { customerId: await customer(), paymentTermsDays: 14, lines: [{ description: 'Retainer', unitPrice: 1500, quantity: 1 }] },
        frequency: 'month',
        interval: 1,
        startDate: '2999-01-31',
        shortMonths: 'last_day',
        count: 12,
        documentStatus: 'posted',
      }),
    },
    getRecurringSchedule: { path: async () => `/api/v1/recurring-schedules/${await schedule()}` },
    updateRecurringSchedule: {
      path: async () => `/api/v1/recurring-schedules/${await schedule()}`,
      body: () => ({ endDate: '2999-12-31' }),
    },
    deleteRecurringSchedule: { path: async () => `/api/v1/recurring-schedules/${await schedule()}` },
    pauseRecurringSchedule: { path: async () => `/api/v1/recurring-schedules/${await schedule()}/pause` },
    resumeRecurringSchedule: { path: async () => `/api/v1/recurring-schedules/${await pausedSchedule()}/resume` },
    sendInvoice: {
      path: async () => `/api/v1/invoices/${await mailedInvoice()}/send`,
      body: () => ({ cc: ['owner@mailed.example'], message: 'Thank you for your business.' }),
    },
    sendCreditNote: {
      body: () => ({ subject: 'Your credit note', message: 'We have credited your account.' }),
      path: async () => {
        const lines = [{ description: 'Credit', unitPrice: 5 }];
        return `/api/v1/credit-notes/${await created('/api/v1/credit-notes', { customerId: await mailedCustomer(), lines })}/send`;
      },
    },
    sendEstimate: {
      path: async () => `/api/v1/estimates/${await estimate()}/send`,
      body: () => ({ to: ['buyer@mailed.example'], message: 'Here is our quote; it holds until the date shown.' }),
    },
    sendCustomerStatement: {
      path: async () => '/api/v1/reports/customer-statement/send',
      body: async () => ({ customerId: await mailedCustomer(), from: '2026-01-01', to: '2026-12-31' }),
    },
    listDocumentEmails: { path: async () => '/api/v1/emails?status=queued&limit=5' },
    getDocumentEmail: { path: async () => `/api/v1/emails/${await email()}` },
    retryEmail: { path: async () => `/api/v1/emails/${await failedEmail()}/retry` },
    listEstimates: { path: async () => '/api/v1/estimates?status=draft&from=2026-01-01&limit=5' },
    createEstimate: {
      path: async () => '/api/v1/estimates',
      body: async () => ({
        customerId: await customer(),
        expiryDate: '2999-12-31',
        lines: [{ description: 'Kitchen cabinets', quantity: 4, unitPrice: 250, taxRate: 10 }],
      }),
    },
    getEstimate: { path: async () => `/api/v1/estimates/${await estimate()}` },
    updateEstimate: { path: async () => `/api/v1/estimates/${await estimate()}`, body: () => ({ memo: 'Prices hold 60 days' }) },
    deleteEstimate: { path: async () => `/api/v1/estimates/${await estimate()}` },
    markEstimateSent: { path: async () => `/api/v1/estimates/${await estimate()}/mark-sent` },
    acceptEstimate: { path: async () => `/api/v1/estimates/${await estimate()}/accept` },
    declineEstimate: { path: async () => `/api/v1/estimates/${await estimate()}/decline` },
    convertEstimateToInvoice: {
      path: async () => `/api/v1/estimates/${await estimate('accept')}/convert`,
      body: () => ({ issueDate: '2026-11-20', dueDate: '2026-12-20' }),
    },
    getEstimatePdf: { path: async () => `/api/v1/estimates/${await estimate()}/pdf` },
    listPurchaseOrders: { path: async () => '/api/v1/purchase-orders?status=open&limit=5' },
    createPurchaseOrder: {
      path: async () => '/api/v1/purchase-orders',
      body: async () => ({
        vendorId: await vendor(),
        deliveryDate: '2999-01-10',
        lines: [{ description: 'Oak boards', quantity: 100, unitPrice: 12.5, accountId: accounts['6000'] }],
      }),
    },
    getPurchaseOrder: { path: async () => `/api/v1/purchase-orders/${await purchaseOrder()}` },
    updatePurchaseOrder: { path: async () => `/api/v1/purchase-orders/${await purchaseOrder()}`, body: () => ({ memo: 'Back door' }) },
    deletePurchaseOrder: { path: async () => `/api/v1/purchase-orders/${await purchaseOrder()}` },
    issuePurchaseOrder: { path: async () => `/api/v1/purchase-orders/${await purchaseOrder()}/issue` },
    receivePurchaseOrder: {
      path: async () => `/api/v1/purchase-orders/${await purchaseOrder('issue')}/receive`,
      body: () => ({ lines: [{ lineNo: 1, quantity: 6 }] }),
    },
    closePurchaseOrder: { path: async () => `/api/v1/purchase-orders/${await purchaseOrder('issue')}/close` },
    billPurchaseOrder: {
      path: async () => `/api/v1/purchase-orders/${await purchaseOrder('issue')}/bill`,
      body: () => ({ lines: [{ lineNo: 1, quantity: 6 }], reference: 'PAPER-77' }),
    },
    getPurchaseOrderPdf: { path: async () => `/api/v1/purchase-orders/${await purchaseOrder()}/pdf` },
    listAccounts: { path: async () => '/api/v1/accounts?type=asset&limit=5' },
    createAccount: {
      path: async () => '/api/v1/accounts',
      body: () => ({ code: String(1910 + (accountCodes++ % 90)), name: 'Petty cash', type: 'asset', subtype: 'cash' }),
    },
    getAccount: { path: async () => `/api/v1/accounts/${accounts['1000']}` },
    updateAccount: { path: async () => `/api/v1/accounts/${accounts['6300']}`, body: () => ({ description: 'Power and water' }) },
    listJournalEntries: { path: async () => '/api/v1/journal-entries?sourceType=manual' },
    createJournalEntry: {
      path: async () => '/api/v1/journal-entries',
      body: () => ({
        date: '2026-05-02',
        description: 'Fees',
        lines: [
          { accountId: accounts['6900'], debit: 1.25, credit: 0 },
          { accountId: accounts['1010'], debit: 0, credit: 1.25 },
        ],
      }),
    },
    getJournalEntry: { path: async () => `/api/v1/journal-entries/${await entry()}` },
    reverseJournalEntry: { path: async () => `/api/v1/journal-entries/${await entry()}/reverse`, body: () => ({ reason: 'posted twice' }) },
    postRevaluation: {
      path: async () => '/api/v1/journal-entries/revaluation',
      // A month end of its own, with a euro invoice booked at its own rate below the table's: something to revalue.
      body: async () => {
        const date = new Date(Date.UTC(2026, 6, 1 + revaluations++)).toISOString().slice(0, 10);
        await created('/api/v1/exchange-rates', { currency: 'EUR', date, rate: 1.2 });
        const customerId = await created('/api/v1/customers', { name: `Euro ${Math.random()}`, currency: 'EUR' });
        await created('/api/v1/invoices', {
          customerId,
          issueDate: date,
          exchangeRate: 1,
          lines: [{ description: 'Work', unitPrice: 10 }],
        });
        return { date };
      },
    },
    listCustomers: { path: async () => '/api/v1/customers?search=cust' },
    createCustomer: { path: async () => '/api/v1/customers', body: () => ({ name: 'Ada Ltd', email: 'ada@example.com' }) },
    getCustomer: { path: async () => `/api/v1/customers/${await customer()}` },
    updateCustomer: { path: async () => `/api/v1/customers/${await customer()}`, body: () => ({ phone: '+44 20 7946 0000' }) },
    listVendors: { path: async () => '/api/v1/vendors' },
    createVendor: { path: async () => '/api/v1/vendors', body: () => ({ name: 'Paper Co' }) },
    getVendor: { path: async () => `/api/v1/vendors/${await created('/api/v1/vendors', { name: 'Ink Co' })}` },
    updateVendor: {
      path: async () => `/api/v1/vendors/${await created('/api/v1/vendors', { name: 'Toner Co' })}`,
      body: () => ({ notes: 'net 30' }),
    },
    listProducts: { path: async () => '/api/v1/products?active=true' },
    createProduct: { path: async () => '/api/v1/products', body: () => ({ name: 'Consulting hour', unitPrice: 95, type: 'service' }) },
    getProduct: { path: async () => `/api/v1/products/${await created('/api/v1/products', { name: 'Widget', unitPrice: 3 })}` },
    updateProduct: {
      path: async () => `/api/v1/products/${await created('/api/v1/products', { name: 'Gadget', unitPrice: 4 })}`,
      body: () => ({ unitPrice: 4.5 }),
    },
    listTaxRates: { path: async () => '/api/v1/tax-rates?active=true' },
    createTaxRate: { path: async () => '/api/v1/tax-rates', body: () => ({ name: `State tax ${Math.random()}`, rate: 6.25 }) },
    getTaxRate: {
      path: async () => `/api/v1/tax-rates/${await created('/api/v1/tax-rates', { name: `County tax ${Math.random()}`, rate: 1 })}`,
    },
    updateTaxRate: {
      path: async () => `/api/v1/tax-rates/${await created('/api/v1/tax-rates', { name: `City tax ${Math.random()}`, rate: 2 })}`,
      body: () => ({ name: `City sales tax ${Math.random()}` }),
    },
    writeOffInvoice: {
      path: async () => `/api/v1/invoices/${await invoice()}/write-off`,
      body: () => ({ reason: 'customer went out of business' }),
    },
    voidInvoiceWriteOff: {
      path: async () => {
        const id = await invoice();
        await created(`/api/v1/invoices/${id}/write-off`, {});
        return `/api/v1/invoices/${id}/write-off/void`;
      },
      body: () => ({ reason: 'the customer paid after all' }),
    },
    listSalesReceipts: { path: async () => '/api/v1/sales-receipts?kind=sale' },
    createSalesReceipt: {
      path: async () => '/api/v1/sales-receipts',
      body: () => ({ paymentMethod: 'card', lines: [{ description: 'Espresso', unitPrice: 3.2, quantity: 2 }] }),
    },
    getSalesReceipt: {
      path: async () =>
        `/api/v1/sales-receipts/${await created('/api/v1/sales-receipts', { lines: [{ description: 'Tea', unitPrice: 2.5 }] })}`,
    },
    voidSalesReceipt: {
      path: async () =>
        `/api/v1/sales-receipts/${await created('/api/v1/sales-receipts', { lines: [{ description: 'Cake', unitPrice: 4 }] })}/void`,
      body: () => ({ reason: 'rung up twice' }),
    },
    listCreditNotes: { path: async () => '/api/v1/credit-notes?status=open' },
    createCreditNote: {
      path: async () => '/api/v1/credit-notes',
      body: async () => ({ customerId: await customer(), reference: 'RMA-7', lines: [{ description: 'Returned', unitPrice: 30 }] }),
    },
    getCreditNote: { path: async () => `/api/v1/credit-notes/${await creditNote()}` },
    // The credit note and the invoice of one customer, whichever of path and body is asked for first.
    applyCreditNote: {
      path: async () =>
        `/api/v1/credit-notes/${await created('/api/v1/credit-notes', {
          customerId: await creditCustomer(),
          lines: [{ description: 'Credit', unitPrice: 30 }],
        })}/apply`,
      body: async () => ({
        allocations: [
          {
            invoiceId: await created('/api/v1/invoices', {
              customerId: await creditCustomer(),
              lines: [{ description: 'Work', unitPrice: 20 }],
            }),
            amount: 5,
          },
        ],
      }),
    },
    unapplyCreditNote: {
      path: async () => `/api/v1/credit-notes/${(await creditApplied()).credit}/unapply`,
      body: async () => ({ allocationId: (await creditApplied()).use }),
    },
    voidCreditNoteRefund: {
      path: async () => `/api/v1/credit-notes/${(await creditRefunded()).credit}/void-refund`,
      body: async () => ({ refundId: (await creditRefunded()).use }),
    },
    unapplyVendorCredit: {
      path: async () => `/api/v1/vendor-credits/${(await vendorCreditApplied()).credit}/unapply`,
      body: async () => ({ allocationId: (await vendorCreditApplied()).use }),
    },
    voidVendorCreditRefund: {
      path: async () => `/api/v1/vendor-credits/${(await vendorCreditRefunded()).credit}/void-refund`,
      body: async () => ({ refundId: (await vendorCreditRefunded()).use }),
    },
    refundCreditNote: { path: async () => `/api/v1/credit-notes/${await creditNote()}/refund`, body: () => ({ amount: 10 }) },
    voidCreditNote: { path: async () => `/api/v1/credit-notes/${await creditNote()}/void`, body: () => ({ reason: 'issued twice' }) },
    listVendorCredits: { path: async () => '/api/v1/vendor-credits?status=open' },
    createVendorCredit: {
      path: async () => '/api/v1/vendor-credits',
      body: async () => ({
        vendorId: await vendor(),
        reference: 'VCN-12',
        lines: [{ description: 'Damaged in transit', unitPrice: 25, quantity: 2, accountId: accounts['6000'] }],
      }),
    },
    getVendorCredit: { path: async () => `/api/v1/vendor-credits/${await vendorCredit()}` },
    // The vendor credit and the bill of one vendor, whichever of path and body is asked for first.
    applyVendorCredit: {
      path: async () =>
        `/api/v1/vendor-credits/${await created('/api/v1/vendor-credits', {
          vendorId: await creditVendor(),
          lines: [{ description: 'Credit', unitPrice: 30, accountId: accounts['6000'] }],
        })}/apply`,
      body: async () => ({
        allocations: [
          {
            billId: await created('/api/v1/bills', {
              vendorId: await creditVendor(),
              lines: [{ description: 'Supplies', unitPrice: 20, accountId: accounts['6000'] }],
            }),
            amount: 5,
          },
        ],
      }),
    },
    refundVendorCredit: { path: async () => `/api/v1/vendor-credits/${await vendorCredit()}/refund`, body: () => ({ amount: 10 }) },
    voidVendorCredit: {
      path: async () => `/api/v1/vendor-credits/${await vendorCredit()}/void`,
      body: () => ({ reason: 'entered twice' }),
    },
    listExchangeRates: { path: async () => '/api/v1/exchange-rates?currency=EUR&from=2026-01-01' },
    createExchangeRate: {
      path: async () => '/api/v1/exchange-rates',
      body: () => ({ currency: 'EUR', date: `2026-${exampleDay()}`, rate: 1.1034 }),
    },
    getExchangeRate: { path: async () => `/api/v1/exchange-rates/${await rate()}` },
    updateExchangeRate: { path: async () => `/api/v1/exchange-rates/${await rate()}`, body: () => ({ rate: '1.1051' }) },
    deleteExchangeRate: { path: async () => `/api/v1/exchange-rates/${await rate()}` },
    setExchangeRates: {
      path: async () => '/api/v1/exchange-rates/bulk',
      body: () => ({
        rates: [
          { currency: 'EUR', date: '2026-06-01', rate: 1.0842 },
          { currency: 'GBP', date: '2026-06-01', rate: '1.2655' },
        ],
      }),
    },
    getEffectiveExchangeRate: {
      path: async () => {
        await rate();
        return '/api/v1/exchange-rates/effective?currency=CHF&date=2999-12-31';
      },
    },
    rotateInvoicePublicLink: { path: async () => `/api/v1/invoices/${await invoice()}/public-link/rotate` },
    revokeInvoicePublicLink: { path: async () => `/api/v1/invoices/${await invoice()}/public-link/revoke` },
    getCustomerStatementPdf: {
      path: async () => `/api/v1/reports/customer-statement/pdf?customerId=${await customer()}&from=2026-01-01&to=2026-12-31`,
    },
    getVendorStatementPdf: {
      path: async () => `/api/v1/reports/vendor-statement/pdf?vendorId=${await vendor()}&from=2026-01-01&to=2026-12-31`,
    },
    getInvoicePdf: { path: async () => `/api/v1/invoices/${await invoice()}/pdf` },
    getCreditNotePdf: { path: async () => `/api/v1/credit-notes/${await creditNote()}/pdf` },
    getSalesReceiptPdf: {
      path: async () =>
        `/api/v1/sales-receipts/${await created('/api/v1/sales-receipts', { lines: [{ description: 'Coffee', unitPrice: 3.5 }] })}/pdf`,
    },
    listBankAccounts: { path: async () => '/api/v1/bank-accounts?kind=bank' },
    createBankAccount: {
      path: async () => '/api/v1/bank-accounts',
      body: () => ({
        name: 'Operating Account',
        kind: 'bank',
        bankName: 'First Bank',
        accountNumber: 'DE89 3704 0044 0532 0130 00',
        openingBalance: 2500,
        openingDate: '2026-01-01',
      }),
    },
    getBankAccount: { path: async () => `/api/v1/bank-accounts/${await bankAccount()}` },
    updateBankAccount: { path: async () => `/api/v1/bank-accounts/${await bankAccount()}`, body: () => ({ bankName: 'Second Bank' }) },
    importBankStatement: {
      path: async () => `/api/v1/bank-accounts/${await bankAccount()}/statements`,
      body: () => ({ ...statementCsv(-4.5), filename: 'march.csv' }),
    },
    getBankCsvLayouts: {
      path: async () => {
        // A layout saved under a name by an import that gives one.
        const named = statementCsv(-2.25, '2026-03-03', 'Card fee');
        await created(`/api/v1/bank-accounts/${await bankAccount()}/statements`, {
          ...named,
          csv: { ...named.csv, name: 'First Bank export' },
        });
        return '/api/v1/bank-csv-layouts';
      },
    },
    reconcileBankAccount: {
      path: async () => `/api/v1/bank-accounts/${await bankAccount()}/reconciliations`,
      body: () => ({ statementDate: '2026-01-31', closingBalance: 100 }),
    },
    getBankReconciliationReport: {
      path: async () => `/api/v1/bank-accounts/${await bankAccount()}/reconciliation-report?asOf=2026-03-31`,
    },
    listBankStatements: { path: async () => '/api/v1/bank-statements?limit=5' },
    getBankStatement: { path: async () => `/api/v1/bank-statements/${await statement()}` },
    listBankTransactions: { path: async () => '/api/v1/bank-transactions?status=unmatched&from=2026-01-01&limit=5' },
    getBankTransaction: { path: async () => `/api/v1/bank-transactions/${await statementLine()}` },
    getBankTransactionSuggestions: {
      path: async () => {
        const { line } = await paidLine();
        await paidLine(); // both calls of the pair: the next example gets a fresh one
        return `/api/v1/bank-transactions/${line}/suggestions`;
      },
    },
    matchBankTransaction: {
      path: async () => `/api/v1/bank-transactions/${(await paidLine()).line}/match`,
      body: async () => ({ matches: [{ id: (await paidLine()).paymentId }] }),
    },
    explainBankTransaction: {
      path: async () => `/api/v1/bank-transactions/${await statementLine()}/explain`,
      body: () => ({ accountId: accounts['6900'], description: 'Monthly service charge' }),
    },
    excludeBankTransaction: { path: async () => `/api/v1/bank-transactions/${await statementLine()}/exclude` },
    unmatchBankTransaction: {
      path: async () => {
        const line = await statementLine();
        await created(`/api/v1/bank-transactions/${line}/exclude`, {});
        return `/api/v1/bank-transactions/${line}/unmatch`;
      },
    },
    listBankReconciliations: { path: async () => '/api/v1/bank-reconciliations?limit=5' },
    getBankReconciliation: { path: async () => `/api/v1/bank-reconciliations/${await reconciliation()}` },
    undoBankReconciliation: { path: async () => `/api/v1/bank-reconciliations/${await reconciliation()}/undo` },
    ...owedDocumentExamples(created, {
      path: '/api/v1/invoices',
      typename: 'Invoice',
      payment: { typename: 'Payment', path: '/api/v1/payments' },
      make: invoice,
      create: async () => ({ customerId: await customer(), lines: [{ description: 'Design', unitPrice: 300, quantity: 2 }] }),
      update: () => ({ memo: 'Thank you', lines: [{ description: 'Design', unitPrice: 150, quantity: 2 }] }),
    }),
    ...owedDocumentExamples(created, {
      path: '/api/v1/bills',
      typename: 'Bill',
      payment: { typename: 'BillPayment', path: '/api/v1/bill-payments' },
      make: bill,
      create: async () => ({
        vendorId: await vendor(),
        reference: `V-${Math.random()}`,
        lines: [{ description: 'Rent', unitPrice: 900, accountId: accounts['6100'] }],
      }),
      update: () => ({ issueDate: '2026-05-02', reference: `V-${Math.random()}` }),
    }),
    ...prepaid('customer'),
    ...prepaid('vendor'),
    listEmployees: { path: async () => '/api/v1/employees?status=active' },
    createEmployee: { path: async () => '/api/v1/employees', body: () => ({ firstName: 'Grace', lastName: 'Hopper' }) },
    getEmployee: { path: async () => `/api/v1/employees/${await created('/api/v1/employees', { firstName: 'Alan', lastName: 'Turing' })}` },
    updateEmployee: {
      path: async () => `/api/v1/employees/${await created('/api/v1/employees', { firstName: 'Ada', lastName: 'Lovelace' })}`,
      body: () => ({ department: 'Engineering' }),
    },
    listWebhookEventTypes: { path: async () => '/api/v1/webhooks' },
    registerWebhook: { path: async () => '/api/v1/webhooks', body: () => ({ url: hookUrl, eventTypes: ['*'] }) },
    listWebhookSubscriptions: { path: async () => '/api/v1/webhooks/subscriptions' },
    getWebhookSubscription: { path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}` },
    updateWebhookSubscription: {
      path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}`,
      body: () => ({ description: 'Paid invoices to the shop' }),
    },
    disableWebhookSubscription: { path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}/disable` },
    enableWebhookSubscription: { path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}/enable` },
    sendTestWebhook: { path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}/test` },
    rotateWebhookSecret: { path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}/rotate-secret` },
    redeliverWebhookEvent: {
      path: async () => `/api/v1/webhooks/subscriptions/${(redelivered = await webhook())}/redeliver`,
      body: async () => ({ eventId: await deliveredCreationOf(redelivered ?? (await webhook())) }),
    },
    listWebhookDeliveries: { path: async () => `/api/v1/webhooks/subscriptions/${await webhook()}/deliveries` },
    listEvents: { path: async () => `/api/v1/events?type=customer.created&from=2026-01-01T00:00:00Z` },
    getEvent: { path: async () => `/api/v1/events/${await organizationEvent()}` },
    listApiKeys: { path: async () => '/api/v1/api-keys?status=active' },
    createApiKey: {
      path: async () => '/api/v1/api-keys',
      body: () => ({ name: 'Key auditor', scopes: ['api_keys:read'], expiresAt: '2030-01-01T00:00:00Z' }),
    },
    getApiKey: { path: async () => `/api/v1/api-keys/${await apiKey()}` },
    revokeApiKey: { path: async () => `/api/v1/api-keys/${await apiKey()}/revoke` },
    rollApiKey: { path: async () => `/api/v1/api-keys/${await apiKey()}/roll`, body: () => ({ expiresInHours: 2 }) },
    getOrganization: { path: async () => '/api/v1/organization' },
    updateOrganization: { path: async () => '/api/v1/organization', body: () => ({ defaultPaymentTermsDays: 30 }) },
    getTrialBalance: { path: async () => '/api/v1/reports/trial-balance?asOf=2026-12-31' },
    getBalanceSheet: { path: async () => '/api/v1/reports/balance-sheet' },
    getProfitAndLoss: { path: async () => '/api/v1/reports/profit-and-loss?from=2026-01-01&to=2026-12-31' },
    getGeneralLedger: { path: async () => `/api/v1/reports/general-ledger?accountId=${accounts['1200']}&from=2026-01-01&limit=5` },
    getAgedReceivables: { path: async () => `/api/v1/reports/aged-receivables?asOf=2026-12-31` },
    getAgedPayables: { path: async () => '/api/v1/reports/aged-payables' },
    getTaxSummary: { path: async () => '/api/v1/reports/tax-summary?from=2026-01-01&to=2026-12-31' },
    getRevaluation: { path: async () => '/api/v1/reports/revaluation?asOf=2026-12-31' },
    getProfitAndLossColumns: {
      path: async () => '/api/v1/reports/profit-and-loss-columns?from=2026-01-01&to=2026-06-30&period=quarter&comparePriorYear=true',
    },
    getGeneralLedgerAllAccounts: { path: async () => '/api/v1/reports/general-ledger-all-accounts?from=2026-01-01&limit=5' },
    getCustomerStatement: {
      path: async () => `/api/v1/reports/customer-statement?customerId=${await creditCustomer()}&from=2026-01-01&to=2026-12-31`,
    },
    getVendorStatement: {
      path: async () => `/api/v1/reports/vendor-statement?vendorId=${await creditVendor()}&from=2026-01-01&to=2026-12-31`,
    },
  };
}
