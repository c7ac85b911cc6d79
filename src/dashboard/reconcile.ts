// The reconcile page: a bank account's unmatched statement lines beside what each may be, matched,
// explained into an account or excluded with a click, and the difference between the cleared balance
// and the statement's closing balance kept live; the reconciliation is finished when it is nothing.
// A reference client of the public GraphQL API, like the dashboard and the settings page.
import { ApiError, request } from './api.ts';
import {
  ReconcileCreateBankAccountDocument,
  ReconcileExcludeDocument,
  ReconcileExplainDocument,
  ReconcileFinishDocument,
  ReconcileImportDocument,
  ReconcileLinesDocument,
  type ReconcileLinesQuery,
  ReconcileMatchDocument,
  ReconcileStartDocument,
  type ReconcileStartQuery,
} from './generated/graphql.ts';
import { missingScopes, RECONCILE_SCOPES } from './scopes.ts';
import { keyError, keyForm, keyInput } from './sign-in.ts';

const KEY_STORAGE = 'accounting-reconcile:api-key';
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const bankSelect = $<HTMLSelectElement>('bank-account');
const dateInput = $<HTMLInputElement>('statement-date');
const balanceInput = $<HTMLInputElement>('statement-balance');

let key: string | null = null;
let start: ReconcileStartQuery | undefined;
let cleared: string | null = null;

type Line = ReconcileLinesQuery['bankTransactionsPage']['data'][number];

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text = '', attributes: Record<string, string> = {}) {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function showNotice(text: string | null) {
  $('notice').hidden = !text;
  $('notice').textContent = text ?? '';
}

/** A decimal string as an exact count of hundredths-or-finer (the page compares, never adds floats). */
function units(text: string, decimals: number): bigint | null {
  const match = /^\s*(-)?(\d+)(?:[.,](\d+))?\s*$/.exec(text.replace(/[\s\u00a0']/g, ''));
  if (!match || (match[3]?.length ?? 0) > decimals) return null;
  const value = BigInt(match[2]!) * 10n ** BigInt(decimals) + BigInt((match[3] ?? '').padEnd(decimals, '0') || '0');
  return match[1] ? -value : value;
}

const decimalsOf = (money: string) => money.split('.')[1]?.length ?? 0;
function format(value: bigint, decimals: number) {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = decimals ? digits.slice(0, -decimals) : digits;
  return `${negative ? '-' : ''}${whole}${decimals ? `.${digits.slice(-decimals)}` : ''}`;
}

const currentBank = () => start?.bankAccountsPage.data.find((b) => b.id === bankSelect.value);

/** The cleared balance against the closing balance typed in: the difference, and whether Finish may be pressed. */
function showDifference() {
  const bank = currentBank();
  if (!bank || cleared === null) return;
  const decimals = decimalsOf(cleared);
  const closing = units(balanceInput.value, decimals);
  $('cleared-balance').textContent = `${cleared} ${bank.currency}`;
  $('closing-balance').textContent = closing === null ? '—' : `${format(closing, decimals)} ${bank.currency}`;
  const difference = closing === null ? null : closing - units(cleared, decimals)!;
  $('difference').textContent = difference === null ? '—' : `${format(difference, decimals)} ${bank.currency}`;
  $('difference').classList.toggle('off', difference !== 0n);
  $<HTMLButtonElement>('finish').disabled = difference !== 0n || !dateInput.value;
}

async function attempt(action: () => Promise<void>) {
  try {
    showNotice(null);
    await action();
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'unauthorized') return signOut(error.message);
    showNotice(error instanceof Error ? error.message : String(error));
  }
}

function explainControl(line: Line) {
  const wrap = element('div', '', { class: 'explain' });
  const select = element('select', '', { 'aria-label': `Account for ${line.description}` });
  const usable = start!.accountsPage.data.filter((a) => a.active && a.id !== currentBank()?.id);
  for (const account of usable) select.append(element('option', `${account.code} ${account.name}`, { value: account.id }));
  const bankFees = usable.find((a) => /bank fee/i.test(a.name));
  if (bankFees) select.value = bankFees.id;
  const go = element('button', 'Explain', { type: 'button', class: 'secondary' });
  go.addEventListener('click', () =>
    attempt(async () => {
      await request(key!, ReconcileExplainDocument, { id: line.id, accountId: select.value });
      await loadLines();
    }),
  );
  const exclude = element('button', 'Exclude', { type: 'button', class: 'secondary' });
  exclude.addEventListener('click', () =>
    attempt(async () => {
      await request(key!, ReconcileExcludeDocument, { id: line.id });
      await loadLines();
    }),
  );
  wrap.append(select, go, exclude);
  return wrap;
}

function renderLines(lines: Line[]) {
  const body = $('lines').querySelector('tbody')!;
  body.replaceChildren();
  for (const line of lines) {
    const tr = element('tr', '', { 'data-line': line.id });
    const party = line.counterparty && line.counterparty !== line.description ? ` · ${line.counterparty}` : '';
    tr.append(element('td', line.date), element('td', `${line.description}${party}`));
    tr.append(element('td', line.amount, { class: 'amount' }));
    const suggestions = element('td');
    if (!line.suggestions.length) suggestions.append(element('span', 'Nothing in the books matches', { class: 'sub' }));
    for (const s of line.suggestions) {
      const b = element('button', `Match ${s.description}`, { type: 'button', class: 'suggestion secondary' });
      b.append(element('span', s.reasons.join(' · '), { class: 'sub' }));
      b.addEventListener('click', () =>
        attempt(async () => {
          await request(key!, ReconcileMatchDocument, { id: line.id, targetId: s.id });
          await loadLines();
        }),
      );
      suggestions.append(b);
    }
    const explain = element('td');
    explain.append(explainControl(line));
    tr.append(suggestions, explain);
    body.append(tr);
  }
  $('no-lines').hidden = lines.length > 0;
}

async function loadLines() {
  const bank = currentBank();
  if (!bank) return;
  const data = await request(key!, ReconcileLinesDocument, { bankAccountId: bank.id, asOf: dateInput.value || null });
  cleared = data.node && 'clearedBalance' in data.node ? data.node.clearedBalance : null;
  renderLines(data.bankTransactionsPage.data);
  showDifference();
}

function chooseBank() {
  const bank = currentBank();
  if (!bank) return;
  dateInput.value = bank.statementDate ?? '';
  balanceInput.value = bank.statementBalance ?? '';
  void attempt(loadLines);
}

/** A statement file's format by its name, as the server names formats (the select can say otherwise). */
function formatOf(name: string): string | null {
  const extension = name.toLowerCase().split('.').at(-1) ?? '';
  return (
    ({ ofx: 'ofx', qfx: 'ofx', xml: 'camt053', sta: 'mt940', '940': 'mt940', csv: 'csv' } as Record<string, string>)[extension] ?? null
  );
}

/**
 * Imports a dropped or chosen file into the selected account: UTF-8 text as it is; anything else (a zip of
 * statement files, a file in another encoding) as base64 bytes, which the server unpacks or decodes.
 */
async function importFile(file: File) {
  const bank = currentBank();
  if (!bank) return showNotice('Add or choose a bank account first.');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const zip = file.name.toLowerCase().endsWith('.zip');
  const format = $<HTMLSelectElement>('statement-format').value || formatOf(zip ? file.name.slice(0, -4) : file.name);
  if (!format) return showNotice(`Choose the format of ${file.name}: its name does not say.`);
  let text: string | null = null;
  if (!zip) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = null;
    }
  }
  let binary = '';
  if (text === null) for (const byte of bytes) binary += String.fromCharCode(byte);
  const done = await request(key!, ReconcileImportDocument, {
    id: bank.id,
    format,
    file: text ?? btoa(binary),
    filename: file.name,
    encoding: text === null ? 'base64' : 'text',
  });
  const statement = done.importBankStatement!;
  showNotice(
    `Imported ${file.name}: ${statement.lineCount} line${statement.lineCount === 1 ? '' : 's'}, ${statement.newCount} new, ` +
      `${statement.skippedCount} already here` +
      (statement.closingBalance ? `; closing balance ${statement.closingBalance} on ${statement.closingDate}.` : '.'),
  );
  if (statement.closingBalance && statement.closingDate) {
    dateInput.value = statement.closingDate;
    balanceInput.value = statement.closingBalance;
  }
  await loadLines();
}

function listBanks(selected?: string) {
  bankSelect.replaceChildren(
    ...start!.bankAccountsPage.data.map((b) =>
      element('option', `${b.account.code} ${b.account.name}${b.bankName ? ` (${b.bankName})` : ''}`, { value: b.id }),
    ),
  );
  if (selected) bankSelect.value = selected;
}

async function open(candidate: string) {
  key = candidate;
  try {
    start = await request(candidate, ReconcileStartDocument, {});
  } catch (error) {
    key = null;
    keyError.textContent = error instanceof Error ? error.message : String(error);
    return;
  }
  const missing = missingScopes(start.viewer.apiKey.scopes, RECONCILE_SCOPES);
  if (missing.length) {
    key = null;
    keyError.textContent = `This key lacks ${missing.join(', ')}, which this page needs.`;
    return;
  }
  sessionStorage.setItem(KEY_STORAGE, candidate);
  $('organization').textContent = start.viewer.organization.name;
  $('sign-in').hidden = true;
  $('reconcile').hidden = false;
  $('forget-key').hidden = false;
  listBanks();
  $<HTMLDetailsElement>('new-account').open = !start.bankAccountsPage.data.length;
  if (!start.bankAccountsPage.data.length) showNotice('This organization has no bank accounts yet: add one below.');
  chooseBank();
}

function signOut(message?: string) {
  sessionStorage.removeItem(KEY_STORAGE);
  key = null;
  $('reconcile').hidden = true;
  $('sign-in').hidden = false;
  $('forget-key').hidden = true;
  keyInput.value = '';
  keyError.textContent = message ?? '';
}

$('needed-scopes').textContent = RECONCILE_SCOPES.join(' ');
bankSelect.addEventListener('change', chooseBank);
dateInput.addEventListener('change', () => void attempt(loadLines));
balanceInput.addEventListener('input', showDifference);
$('forget-key').addEventListener('click', () => signOut());
$('finish').addEventListener('click', () =>
  attempt(async () => {
    const bank = currentBank()!;
    const done = await request(key!, ReconcileFinishDocument, {
      id: bank.id,
      statementDate: dateInput.value,
      closingBalance: balanceInput.value.replace(',', '.').replace(/[\s\u00a0']/g, ''),
    });
    const result = done.reconcileBankAccount!;
    showNotice(`Reconciled to ${result.statementDate}: ${result.transactionCount} lines, closing balance ${result.closingBalance}.`);
    await loadLines();
  }),
);
$('bank-account-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void attempt(async () => {
    const value = (id: string) => $<HTMLInputElement>(id).value.trim();
    const created = await request(key!, ReconcileCreateBankAccountDocument, {
      input: {
        name: value('new-name'),
        kind: $<HTMLSelectElement>('new-kind').value,
        openingDate: value('new-opening-date'),
        openingBalance: value('new-opening-balance').replace(',', '.') || '0',
        accountNumber: value('new-number') || null,
      },
    });
    start = await request(key!, ReconcileStartDocument, {});
    listBanks(created.createBankAccount!.id);
    $<HTMLDetailsElement>('new-account').open = false;
    chooseBank(); // clears the notice as it starts loading: the one below stays
    showNotice(`Added ${value('new-name')}. Drop its statement file above.`);
  });
});
const drop = $('drop');
drop.addEventListener('dragover', (event) => {
  event.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (event) => {
  event.preventDefault();
  drop.classList.remove('over');
  const file = event.dataTransfer?.files[0];
  if (file) void attempt(() => importFile(file));
});
$<HTMLInputElement>('statement-file').addEventListener('change', (event) => {
  const input = event.target as HTMLInputElement;
  const file = input.files?.[0];
  if (file) void attempt(() => importFile(file).finally(() => (input.value = '')));
});
keyForm(KEY_STORAGE, (candidate) => void open(candidate));
