// The dashboard page: asks for a key, loads the figures, then keeps them current from the live event
// stream (each event refetches the figures; bursts are coalesced). Talks to the public GraphQL API only.
import { loadPanels } from './panels.ts';
import { DASHBOARD_SCOPES, missingScopes } from './scopes.ts';
import { keyError, keyForm, keyInput } from './sign-in.ts';
import { ApiError, request, resumableStream, type ResumableStream, type StreamState } from './api.ts';
import { barChart, type BarChart } from './charts.ts';
import { type FeedItem, feedItem, figuresVariables, localToday, mergeFeed, type Summary, summarize } from './figures.ts';
import { DashboardDocument, DashboardFiguresDocument, LiveEventsDocument, ViewerDocument } from './generated/graphql.ts';

const KEY_STORAGE = 'accounting-dashboard:api-key';
/** Events arriving within this window trigger one refetch. */
const COALESCE_MS = 200;
/**
 * At most one figures request a second, however busy the books: with the subscription, an open page
 * stays well inside the default 100 requests a minute of its key.
 */
const MIN_REFRESH_INTERVAL_MS = 1000;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const signIn = $('sign-in');
const dashboard = $('dashboard');
const connection = $('connection');
const notice = $('notice');
const forgetKey = $<HTMLButtonElement>('forget-key');

let key: string | null = null;
let stream: ResumableStream | undefined;
let feed: FeedItem[] = [];
/** The signed-in key's scopes: which of the panels it may read. */
let scopes: readonly string[] = [];
let currency = 'USD';
let charts: { aging: BarChart; payablesAging: BarChart; revenue: BarChart } | undefined;
const refresh: { timer?: ReturnType<typeof setTimeout>; running: boolean; again: boolean; startedAt: number } = {
  running: false,
  again: false,
  startedAt: 0,
};

const money = (amount: string | number) => {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount as Intl.StringNumericLiteral);
  } catch {
    return `${amount} ${currency}`;
  }
};
const monthLabel = (month: string) => new Date(`${month}-01T00:00:00`).toLocaleDateString(undefined, { month: 'short', year: '2-digit' });
const timeLabel = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function setText(id: string, text: string) {
  $(id).textContent = text;
}

function cell(row: HTMLTableRowElement, text: string, className?: string) {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

function showNotice(text: string | null) {
  notice.hidden = !text;
  notice.textContent = text ?? '';
}

const STATE_TEXT: Record<StreamState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Connection lost, reconnecting…',
  unauthorized: 'Key refused',
};

function setConnection(state: StreamState | 'idle', detail?: string) {
  connection.dataset.state = state;
  connection.textContent = state === 'idle' ? '' : STATE_TEXT[state];
  if (state === 'unauthorized') signOut(detail ? `The API key was refused: ${detail}` : 'The API key was refused.');
}

function render(summary: Summary) {
  currency = summary.currency;
  setText('organization', summary.organization);
  setText('receivables-outstanding', money(summary.receivables.outstanding));
  setText('receivables-overdue', money(summary.receivables.overdue));
  setText('payables-outstanding', money(summary.payables.outstanding));
  setText('payables-overdue', money(summary.payables.overdue));
  setText('revenue-this-month', money(summary.revenue.thisMonth));
  setText('revenue-last-month', money(summary.revenue.lastMonth));
  const change = $('revenue-change');
  const percent = summary.revenue.change;
  change.textContent = percent === null ? '' : `(${percent > 0 ? '+' : ''}${percent}%)`;
  change.className = `change ${percent === null || percent === 0 ? '' : percent > 0 ? 'up' : 'down'}`;
  setText('cash-balance', money(summary.cash.total));
  setText('cash-accounts', summary.cash.accounts.map((a) => `${a.name} ${money(a.amount)}`).join(' · ') || 'No bank or cash accounts');

  charts ??= {
    aging: barChart($<HTMLCanvasElement>('aging-chart'), '#0b5cad', money),
    payablesAging: barChart($<HTMLCanvasElement>('payables-aging-chart'), '#8a4b08', money),
    revenue: barChart($<HTMLCanvasElement>('revenue-chart'), '#116329', money),
  };
  const buckets = summary.receivables.buckets;
  charts.aging.update(
    buckets.map((b) => b.label),
    buckets.map((b) => b.amount),
    `Aged receivables: ${buckets.map((b) => `${b.label} ${money(b.amount)}`).join(', ')}`,
  );
  const owed = summary.payables.buckets;
  charts.payablesAging.update(
    owed.map((b) => b.label),
    owed.map((b) => b.amount),
    `Aged payables: ${owed.map((b) => `${b.label} ${money(b.amount)}`).join(', ')}`,
  );
  const months = summary.revenue.byMonth;
  charts.revenue.update(
    months.map((m) => monthLabel(m.month)),
    months.map((m) => m.amount),
    `Revenue by month: ${months.map((m) => `${monthLabel(m.month)} ${money(m.amount)}`).join(', ')}`,
  );

  const invoices = $<HTMLTableElement>('invoices').tBodies[0]!;
  invoices.replaceChildren();
  for (const invoice of summary.invoices) {
    const row = invoices.insertRow();
    row.dataset.id = invoice.id;
    cell(row, invoice.number);
    cell(row, invoice.customer.name, 'wrap');
    cell(row, invoice.dueDate, 'wide-only');
    cell(
      row,
      invoice.isOverdue ? 'overdue' : invoice.status.toLowerCase().replace('_', ' '),
      invoice.isOverdue ? 'status-overdue' : undefined,
    );
    cell(row, money(invoice.total), 'num wide-only');
    cell(row, money(invoice.amountDue), 'num');
  }
  if (!summary.invoices.length) cell(invoices.insertRow(), 'No invoices yet', 'empty').colSpan = 6;

  const entries = $<HTMLTableElement>('journal-entries').tBodies[0]!;
  entries.replaceChildren();
  for (const entry of summary.journalEntries) {
    const row = entries.insertRow();
    row.dataset.id = entry.id;
    cell(row, String(entry.number));
    cell(row, entry.date, 'wide-only');
    cell(row, entry.description, 'wrap');
    cell(row, entry.sourceType, 'wide-only');
    cell(row, money(entry.totalAmount), 'num');
  }
  if (!summary.journalEntries.length) cell(entries.insertRow(), 'No journal entries yet', 'empty').colSpan = 5;
}

function renderFeed(fresh: ReadonlySet<string> = new Set()) {
  const list = $('feed');
  list.replaceChildren(
    ...feed.map((item) => {
      const li = document.createElement('li');
      li.dataset.type = item.type;
      if (fresh.has(item.id)) li.className = 'new';
      const what = document.createElement('span');
      what.className = 'what';
      what.textContent = item.title;
      const amount = document.createElement('span');
      amount.className = 'amount';
      amount.textContent = item.amount === null ? '' : money(item.amount);
      const when = document.createElement('time');
      when.className = 'when';
      when.dateTime = item.createdAt;
      when.textContent = timeLabel(item.createdAt);
      const detail = document.createElement('span');
      detail.className = 'detail';
      detail.textContent = item.detail;
      li.append(what, amount, when, detail);
      return li;
    }),
  );
  if (!feed.length) {
    const li = document.createElement('li');
    li.className = 'empty';
    li.textContent = 'Waiting for events…';
    list.append(li);
  }
}

/**
 * Refetches the figures: at most one request at a time and one a second; the events of a burst fold
 * into one request. A pending refetch is never pushed back, so a steady stream of events cannot
 * starve it.
 */
function scheduleRefresh() {
  if (refresh.running) {
    refresh.again = true;
    return;
  }
  if (refresh.timer !== undefined) return; // the pending one will see this event's effects
  const wait = Math.max(COALESCE_MS, refresh.startedAt + MIN_REFRESH_INTERVAL_MS - Date.now());
  refresh.timer = setTimeout(async () => {
    refresh.timer = undefined;
    if (!key) return;
    refresh.running = true;
    refresh.startedAt = Date.now();
    const today = localToday();
    try {
      const [data] = await Promise.all([request(key, DashboardFiguresDocument, figuresVariables(today)), loadPanels(key, scopes, today)]);
      render(summarize(data, today));
      showNotice(null);
    } catch (error) {
      handleFailure(error, scheduleRefresh);
    } finally {
      refresh.running = false;
      if (refresh.again) {
        refresh.again = false;
        scheduleRefresh();
      }
    }
  }, wait);
}

function handleFailure(error: unknown, retry: () => void) {
  if (error instanceof ApiError && error.kind === 'unauthorized') return signOut(error.message);
  if (error instanceof ApiError && error.kind === 'rate_limited') {
    showNotice(error.message);
    setTimeout(retry, (error.retryAfterSeconds ?? 5) * 1000);
    return;
  }
  showNotice(`Could not refresh the figures: ${error instanceof Error ? error.message : String(error)} Retrying…`);
  setTimeout(retry, 5000);
}

async function open(candidate: string) {
  keyError.textContent = '';
  let viewer;
  try {
    viewer = (await request(candidate, ViewerDocument, {})).viewer;
  } catch (error) {
    keyError.textContent = error instanceof Error ? error.message : String(error);
    keyInput.focus();
    return;
  }
  const missing = missingScopes(viewer.apiKey.scopes);
  if (missing.length) {
    // Said before anything fails: the page would otherwise be refused piece by piece.
    sessionStorage.removeItem(KEY_STORAGE);
    keyError.textContent =
      `The key "${viewer.apiKey.name}" lacks ${missing.join(', ')}, which the dashboard needs. Create a key ` +
      `with the dashboard preset in Settings.`;
    keyInput.focus();
    return;
  }
  key = candidate;
  scopes = viewer.apiKey.scopes;
  sessionStorage.setItem(KEY_STORAGE, candidate);
  keyInput.value = '';
  signIn.hidden = true;
  dashboard.hidden = false;
  forgetKey.hidden = false;
  await load();
}

async function load() {
  if (!key) return;
  const today = localToday();
  let data;
  try {
    [data] = await Promise.all([request(key, DashboardDocument, figuresVariables(today)), loadPanels(key, scopes, today)]);
  } catch (error) {
    return handleFailure(error, () => void load());
  }
  render(summarize(data, today));
  feed = mergeFeed(
    [],
    data.events.edges.map((edge) => feedItem(edge.node, money)),
  );
  renderFeed();
  // Resume after the newest event the snapshot has seen: anything committed since is replayed.
  stream = resumableStream({
    key,
    document: LiveEventsDocument,
    after: feed[0]?.id ?? null,
    pick: (result) => result.events,
    onItem: (event) => {
      const item = feedItem(event, money);
      feed = mergeFeed(feed, [item]);
      renderFeed(new Set([item.id]));
      scheduleRefresh();
    },
    onState: setConnection,
  });
}

function signOut(message = '') {
  stream?.stop();
  clearTimeout(refresh.timer);
  refresh.timer = undefined;
  stream = undefined;
  key = null;
  feed = [];
  sessionStorage.removeItem(KEY_STORAGE);
  dashboard.hidden = true;
  signIn.hidden = false;
  forgetKey.hidden = true;
  connection.dataset.state = 'idle';
  connection.textContent = '';
  setText('organization', '');
  keyError.textContent = message;
  keyInput.focus();
}

forgetKey.addEventListener('click', () => signOut());
setText('needed-scopes', DASHBOARD_SCOPES.join(', '));
keyForm(KEY_STORAGE, (candidate) => void open(candidate));
