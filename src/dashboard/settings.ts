// The settings page: the organization and its letterhead (organization-settings.ts), its API keys (create
// by ticking scopes or a preset, shown once; roll; revoke), its webhooks (register, deliveries and every
// attempt, redeliver, rotate, disable, enable, test) and the event log. A reference client of the public
// GraphQL API, like the dashboard.
import { ApiError, request } from './api.ts';
import {
  ApiKeysDocument,
  CreateApiKeyDocument,
  DisableWebhookSubscriptionDocument,
  EnableWebhookSubscriptionDocument,
  EventLogDocument,
  type EventFilter,
  RedeliverWebhookEventDocument,
  RegisterWebhookDocument,
  RevokeApiKeyDocument,
  RollApiKeyDocument,
  RotateWebhookSecretDocument,
  SendTestWebhookDocument,
  SettingsCatalogueDocument,
  type SettingsCatalogueQuery,
  WebhookDeliveriesDocument,
  WebhookSubscriptionsDocument,
} from './generated/graphql.ts';
import { closeOrganization, openOrganization } from './organization-settings.ts';
import { missingScopes, SETTINGS_SCOPES } from './scopes.ts';
import { keyError, keyForm, keyInput } from './sign-in.ts';

const KEY_STORAGE = 'accounting-settings:api-key';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const notice = $('notice');
const confirmDialog = $<HTMLDialogElement>('confirm');

let key: string | null = null;
let catalogue: SettingsCatalogueQuery | undefined;
let eventCursor: string | null = null;

const when = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text = '',
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function row(table: string, cells: (string | Node)[], attributes: Record<string, string> = {}) {
  const tr = element('tr', '', attributes);
  for (const value of cells) {
    const td = element('td');
    if (typeof value === 'string') td.textContent = value;
    else td.append(value);
    tr.append(td);
  }
  $(table).querySelector('tbody')!.append(tr);
  return tr;
}

function button(text: string, onClick: () => void, secondary = true) {
  const b = element('button', text, { type: 'button' });
  if (secondary) b.className = 'secondary';
  b.addEventListener('click', onClick);
  return b;
}

function showNotice(text: string | null) {
  notice.hidden = !text;
  notice.textContent = text ?? '';
}

/** Runs an action; a refused key signs out, any other failure is said in the notice. */
async function attempt(action: () => Promise<void>, errorTarget?: HTMLElement) {
  try {
    showNotice(null);
    if (errorTarget) errorTarget.textContent = '';
    await action();
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'unauthorized') return signOut(error.message);
    if (errorTarget) errorTarget.textContent = messageOf(error);
    else showNotice(messageOf(error));
  }
}

/** A confirmation in a modal dialog (rolling and revoking cannot be undone). */
function confirmAction(text: string): Promise<boolean> {
  $('confirm-text').textContent = text;
  confirmDialog.returnValue = '';
  confirmDialog.showModal();
  return new Promise((resolve) =>
    confirmDialog.addEventListener('close', () => resolve(confirmDialog.returnValue === 'yes'), { once: true }),
  );
}

function showSecret(title: string, secret: string) {
  $('secret-title').textContent = title;
  $<HTMLInputElement>('secret-value').value = secret;
  $('copy-status').textContent = '';
  $('secret-box').hidden = false;
  $('secret-value').focus();
}

// ---- API keys

function renderScopeGrid() {
  const body = $('scope-grid').querySelector('tbody')!;
  body.replaceChildren();
  for (const { resource, description, readOnly } of catalogue!.scopeResources) {
    const tr = element('tr');
    const name = element('td');
    name.append(element('span', resource, { class: 'scope-name' }), element('span', ` ${description}`, { class: 'sub' }));
    tr.append(name);
    for (const level of ['read', 'write'] as const) {
      const td = element('td');
      if (level === 'write' && readOnly) {
        tr.append(td);
        continue;
      }
      const box = element('input', '', {
        type: 'checkbox',
        id: `scope-${resource}-${level}`,
        value: `${resource}:${level}`,
        'aria-label': `${resource}:${level}`,
      });
      box.addEventListener('change', syncImplied);
      td.append(box);
      tr.append(td);
    }
    body.append(tr);
  }
  const presets = $('presets');
  presets.replaceChildren(
    ...catalogue!.scopePresets.map((preset) =>
      button(preset.name, () => {
        for (const box of scopeBoxes()) box.checked = preset.scopes.includes(box.value);
        syncImplied();
      }),
    ),
  );
}

const scopeBoxes = () => [...$('scope-grid').querySelectorAll<HTMLInputElement>('input[type=checkbox]')];

/** Write includes read: a ticked write ticks (and locks) its read. */
function syncImplied() {
  for (const box of scopeBoxes()) {
    if (!box.value.endsWith(':write')) continue;
    const read = document.getElementById(box.id.replace(/-write$/, '-read')) as HTMLInputElement | null;
    if (!read) continue;
    if (box.checked) read.checked = true;
    read.disabled = box.checked;
  }
}

function chosenScopes(): string[] {
  const ticked = scopeBoxes()
    .filter((box) => box.checked)
    .map((box) => box.value);
  return ticked.filter((scope) => !(scope.endsWith(':read') && ticked.includes(scope.replace(/:read$/, ':write'))));
}

async function loadKeys() {
  const keys = (await request(key!, ApiKeysDocument, {})).apiKeys.edges.map((edge) => edge.node);
  $('keys').querySelector('tbody')!.replaceChildren();
  for (const k of keys) {
    const actions = element('span', '', { class: 'actions' });
    if (k.status === 'ACTIVE') {
      actions.append(
        button('Roll', () => void rollKey(k.id, k.name)),
        button('Revoke', () => void revokeKey(k.id, k.name)),
      );
    }
    row(
      'keys',
      [
        k.name,
        `ak_${k.prefix}_…`,
        k.scopes.join(' '),
        k.status.toLowerCase(),
        when(k.lastUsedAt),
        k.createdBy?.name ?? 'operator',
        actions,
      ],
      { 'data-key-id': k.id },
    );
  }
  const filter = $<HTMLSelectElement>('filter-key');
  const chosen = filter.value;
  filter.replaceChildren(
    element('option', 'Any', { value: '' }),
    ...keys.map((k) => element('option', `${k.name} (ak_${k.prefix})`, { value: k.id })),
  );
  filter.value = chosen;
}

async function rollKey(id: string, name: string) {
  if (!(await confirmAction(`Roll the key "${name}"? It gets a new secret; the current one keeps working for 24 hours, then stops.`)))
    return;
  await attempt(async () => {
    const rolled = (await request(key!, RollApiKeyDocument, { id })).rollApiKey;
    if (rolled?.secret) showSecret(`New secret of "${rolled.name}"`, rolled.secret);
    await loadKeys();
  });
}

async function revokeKey(id: string, name: string) {
  if (!(await confirmAction(`Revoke the key "${name}"? It stops working at once; this cannot be undone.`))) return;
  await attempt(async () => {
    await request(key!, RevokeApiKeyDocument, { id });
    if (id === catalogue?.viewer.apiKey.id) return signOut("This page's own key was revoked.");
    await loadKeys();
  });
}

$<HTMLFormElement>('create-key').addEventListener('submit', (event) => {
  event.preventDefault();
  const errorTarget = $('create-key-error');
  void attempt(async () => {
    const name = $<HTMLInputElement>('key-name').value.trim();
    const scopes = chosenScopes();
    if (!name) throw new Error('Give the key a name, e.g. what it is for.');
    if (!scopes.length) throw new Error('Tick at least one scope, or choose a preset.');
    const expires = $<HTMLInputElement>('key-expires').value;
    const expiresAt = expires ? new Date(`${expires}T23:59:59`).toISOString() : null;
    const created = (await request(key!, CreateApiKeyDocument, { input: { name, scopes, expiresAt } })).createApiKey;
    if (created?.secret) showSecret(`Key "${created.name}" created`, created.secret);
    $<HTMLFormElement>('create-key').reset();
    syncImplied();
    await loadKeys();
  }, errorTarget);
});

$('copy-secret').addEventListener('click', () => {
  const input = $<HTMLInputElement>('secret-value');
  void navigator.clipboard.writeText(input.value).then(
    () => ($('copy-status').textContent = 'Copied to the clipboard.'),
    () => {
      input.select();
      $('copy-status').textContent = 'Selected: press Ctrl+C (or ⌘C) to copy.';
    },
  );
});
$('dismiss-secret').addEventListener('click', () => {
  $<HTMLInputElement>('secret-value').value = '';
  $('secret-box').hidden = true;
});

// ---- Webhooks

async function loadWebhooks() {
  const subscriptions = (await request(key!, WebhookSubscriptionsDocument, {})).webhookSubscriptions.edges.map((edge) => edge.node);
  $('webhooks').querySelector('tbody')!.replaceChildren();
  for (const s of subscriptions) {
    const enabled = s.status === 'enabled';
    const actions = element('span', '', { class: 'actions' });
    actions.append(
      button('Deliveries', () => void attempt(() => loadDeliveries(s.id, s.url))),
      button(
        'Send test',
        () =>
          void attempt(async () => {
            await request(key!, SendTestWebhookDocument, { id: s.id });
            showNotice(`A test event is on its way to ${s.url}.`);
          }),
      ),
      button('Rotate secret', () => void rotateSecret(s.id, s.url)),
      button(
        enabled ? 'Disable' : 'Enable',
        () =>
          void attempt(async () => {
            if (enabled) await request(key!, DisableWebhookSubscriptionDocument, { id: s.id });
            else await request(key!, EnableWebhookSubscriptionDocument, { id: s.id });
            await loadWebhooks();
          }),
      ),
    );
    row('webhooks', [s.url, s.eventTypes.join(', '), s.status, `…${s.secretLast4}`, actions], { 'data-subscription-id': s.id });
  }
}

async function rotateSecret(id: string, url: string) {
  if (!(await confirmAction(`Give ${url} a new signing secret? The current one keeps signing beside it for 24 hours.`))) return;
  await attempt(async () => {
    const rotated = (await request(key!, RotateWebhookSecretDocument, { id })).rotateWebhookSecret;
    if (rotated?.secret) showSecret(`New signing secret for ${url}`, rotated.secret);
    await loadWebhooks();
  });
}

async function loadDeliveries(subscriptionId: string, url: string) {
  const deliveries = (await request(key!, WebhookDeliveriesDocument, { subscriptionId })).webhookDeliveries.edges.map((edge) => edge.node);
  $('deliveries-panel').hidden = false;
  $('deliveries-title').textContent = `Deliveries to ${url}`;
  $('deliveries').querySelector('tbody')!.replaceChildren();
  if (!deliveries.length) row('deliveries', ['No deliveries yet.', '', '', '']);
  for (const d of deliveries) {
    const attempts = element('ol', '', { class: 'attempts' });
    for (const a of d.attempts) {
      const outcome = a.responseStatus !== null && a.responseStatus !== undefined ? `HTTP ${a.responseStatus}` : (a.error ?? 'no answer');
      const answer = a.responseBody ? ` · “${a.responseBody.slice(0, 80)}${a.responseBody.length > 80 ? '…' : ''}”` : '';
      attempts.append(element('li', `${when(a.attemptedAt)} · ${outcome} · ${a.durationMs} ms${answer}`));
    }
    const redeliver = button(
      'Redeliver',
      () =>
        void attempt(async () => {
          await request(key!, RedeliverWebhookEventDocument, { id: subscriptionId, eventId: d.event.id });
          await loadDeliveries(subscriptionId, url);
        }),
    );
    row('deliveries', [d.event.type, d.status.toLowerCase(), attempts, redeliver], { 'data-delivery-id': d.id });
  }
}

$<HTMLFormElement>('register-webhook').addEventListener('submit', (event) => {
  event.preventDefault();
  void attempt(async () => {
    const url = $<HTMLInputElement>('webhook-url').value.trim();
    const eventTypes = [...$<HTMLSelectElement>('webhook-events').selectedOptions].map((option) => option.value);
    if (!url) throw new Error('Enter the URL that receives the events.');
    if (!eventTypes.length) throw new Error('Choose at least one event type (or "every event").');
    const description = $<HTMLInputElement>('webhook-description').value.trim() || null;
    const registered = (await request(key!, RegisterWebhookDocument, { input: { url, eventTypes, description } })).registerWebhook;
    if (registered?.secret) showSecret(`Signing secret for ${url}`, registered.secret);
    $<HTMLFormElement>('register-webhook').reset();
    await loadWebhooks();
  }, $('register-webhook-error'));
});

// ---- The event log

/** Which load of the log is current: a newer filter's answer wins over an older one that comes back later. */
let eventLoad = 0;

async function loadEvents(reset: boolean) {
  const load = reset ? ++eventLoad : eventLoad;
  if (reset) {
    eventCursor = null;
    $('events').querySelector('tbody')!.replaceChildren();
  }
  const filter: EventFilter = {};
  const type = $<HTMLSelectElement>('filter-type').value;
  const resourceType = $<HTMLSelectElement>('filter-resource').value;
  const apiKeyId = $<HTMLSelectElement>('filter-key').value;
  if (type) filter.type = type;
  if (resourceType) filter.resourceType = resourceType;
  if (apiKeyId) filter.apiKeyId = apiKeyId;
  const page = (await request(key!, EventLogDocument, { after: eventCursor, filter })).events;
  if (load !== eventLoad) return; // the filter changed while this page was on its way
  for (const { node: e } of page.edges) {
    const by = e.actor?.type === 'api_key' ? `${e.actor.name} (ak_${e.actor.prefix})` : e.actor?.type === 'system' ? 'the service' : '—';
    row('events', [when(e.createdAt), e.type, `${e.resourceType} ${e.resourceId}`, by], { 'data-event-id': e.id });
  }
  if (reset && !page.edges.length) row('events', ['No events match.', '', '', '']);
  eventCursor = page.pageInfo.endCursor;
  $('more-events').hidden = !page.pageInfo.hasNextPage;
}

$<HTMLFormElement>('event-filter').addEventListener('submit', (event) => {
  event.preventDefault();
  void attempt(() => loadEvents(true));
});
$('more-events').addEventListener('click', () => void attempt(() => loadEvents(false)));

// ---- Signing in and out

function renderCatalogue() {
  $('organization').textContent = catalogue!.viewer.organization.name;
  renderScopeGrid();
  const types = catalogue!.webhookEventTypes;
  const everyEvent = element('option', 'every event (*)', { value: '*' });
  $('webhook-events').replaceChildren(everyEvent, ...types.map((t) => element('option', t.type, { value: t.type, title: t.description })));
  $('filter-type').replaceChildren(
    element('option', 'Any', { value: '' }),
    ...types.map((t) => element('option', t.type, { value: t.type })),
  );
  const resources = [...new Set(types.map((t) => t.type.split('.')[0]))];
  $('filter-resource').replaceChildren(
    element('option', 'Any', { value: '' }),
    ...resources.map((r) => element('option', r, { value: r })),
  );
}

async function open(candidate: string) {
  keyError.textContent = '';
  try {
    catalogue = await request(candidate, SettingsCatalogueDocument, {});
  } catch (error) {
    keyError.textContent = messageOf(error);
    keyInput.focus();
    return;
  }
  const missing = missingScopes(catalogue.viewer.apiKey.scopes, SETTINGS_SCOPES);
  if (missing.length) {
    sessionStorage.removeItem(KEY_STORAGE);
    keyError.textContent = `The key "${catalogue.viewer.apiKey.name}" lacks ${missing.join(', ')}, which this page needs.`;
    keyInput.focus();
    return;
  }
  key = candidate;
  sessionStorage.setItem(KEY_STORAGE, candidate);
  keyInput.value = '';
  $('sign-in').hidden = true;
  $('settings').hidden = false;
  $('forget-key').hidden = false;
  renderCatalogue();
  // Focus moves now, not after the lists load: by then the person may be typing elsewhere on the page.
  $('key-name').focus();
  await attempt(async () => {
    const mayChangeOrganization = catalogue!.viewer.apiKey.scopes.includes('*');
    await Promise.all([loadKeys(), loadWebhooks(), openOrganization(candidate, mayChangeOrganization, signOut)]);
    await loadEvents(true);
  });
}

function signOut(message = '') {
  key = null;
  catalogue = undefined;
  sessionStorage.removeItem(KEY_STORAGE);
  $('settings').hidden = true;
  $('sign-in').hidden = false;
  $('forget-key').hidden = true;
  $('organization').textContent = '';
  closeOrganization();
  keyError.textContent = message;
  keyInput.focus();
}

$('forget-key').addEventListener('click', () => signOut());
$('needed-scopes').textContent = SETTINGS_SCOPES.join(', ');
keyForm(KEY_STORAGE, (candidate) => void open(candidate));
