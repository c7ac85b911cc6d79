// The settings page's organization section: its name and letterhead (address, email, tax id, logo, how to
// pay), its locale, payment terms, fiscal year end and lock date, with a live preview of how its documents
// head their first page. Changing them needs a full-access key (updateOrganization asks for `*`: the lock
// date guards the whole books); any other key sees them, read-only.
import { ApiError, request } from './api.ts';
import {
  type OrganizationFieldsFragment,
  OrganizationSettingsDocument,
  UpdateOrganizationDocument,
  type UpdateOrganizationInput,
} from './generated/graphql.ts';

const FIELDS = [
  'name',
  'address',
  'email',
  'taxId',
  'locale',
  'paymentDetails',
  'defaultPaymentTermsDays',
  'fiscalYearEnd',
  'lockDate',
] as const;
type Field = (typeof FIELDS)[number];

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const input = (field: Field) => $<HTMLInputElement | HTMLTextAreaElement>(`org-${field}`);
const form = $<HTMLFormElement>('organization-form');
const logoInput = $<HTMLInputElement>('org-logo');
const removeLogo = $<HTMLInputElement>('org-remove-logo');
const status = $('organization-status');
const formError = $('organization-error');

let key: string | null = null;
let saved: OrganizationFieldsFragment | undefined;
/** A logo chosen and not saved yet: its bytes (base64) and how the preview shows it. */
let chosenLogo: { base64: string; dataUrl: string } | undefined;
let onUnauthorized: (message: string) => void = () => {};

const savedValue = (field: Field) => String(saved?.[field] ?? '');
const formValue = (field: Field) => input(field).value.trim();

function fill(organization: OrganizationFieldsFragment) {
  saved = organization;
  for (const field of FIELDS) input(field).value = savedValue(field);
  chosenLogo = undefined;
  logoInput.value = '';
  removeLogo.checked = false;
  removeLogo.disabled = !organization.hasLogo;
  preview();
}

/** The fields the form changed, as the mutation takes them: a cleared field is null (it is removed). */
function changes(): UpdateOrganizationInput {
  const changed: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const value = formValue(field);
    if (value === savedValue(field)) continue;
    if (field === 'defaultPaymentTermsDays') changed[field] = value === '' ? null : Number(value);
    else changed[field] = value === '' && field !== 'name' ? null : value;
  }
  if (chosenLogo) changed.logo = chosenLogo.base64;
  else if (removeLogo.checked) changed.logo = null;
  return changed as UpdateOrganizationInput;
}

/** Today as the locale typed writes dates (en-US while it is not a locale the browser knows). */
function todayIn(locale: string) {
  const format = (tag: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(new Date());
  try {
    return format(locale || 'en-US');
  } catch {
    return format('en-US');
  }
}

/** The preview of the first page's head, as the form stands (saved or not). */
function preview() {
  $('preview-name').textContent = formValue('name');
  $('preview-address').textContent = input('address').value.trim();
  $('preview-email').textContent = formValue('email');
  $('preview-taxId').textContent = formValue('taxId') ? `Tax ID: ${formValue('taxId')}` : '';
  $('preview-date').textContent = `Issue date: ${todayIn(formValue('locale'))}`;
  const logo = $<HTMLImageElement>('preview-logo');
  const kept = saved?.hasLogo && !removeLogo.checked && !chosenLogo;
  logo.hidden = !chosenLogo;
  if (chosenLogo) logo.src = chosenLogo.dataUrl;
  else logo.removeAttribute('src');
  $('preview-logo-kept').hidden = !kept;
}

function clearErrors() {
  for (const field of [...FIELDS, 'logo']) $(`org-${field}-error`).textContent = '';
  formError.textContent = '';
}

/** Each field the server refused, said under it; what no field holds, under the form. */
function showErrors(error: unknown) {
  if (!(error instanceof ApiError)) {
    formError.textContent = error instanceof Error ? error.message : String(error);
    return;
  }
  const unplaced: string[] = [];
  for (const { path, message } of error.fieldErrors) {
    const target = document.getElementById(`org-${path.split('.')[0]}-error`);
    if (target) target.textContent = `${path} ${message}`;
    else unplaced.push(`${path} ${message}`);
  }
  formError.textContent = error.fieldErrors.length ? unplaced.join('; ') : error.message;
}

async function save(event: Event) {
  event.preventDefault();
  clearErrors();
  status.textContent = '';
  const changed = changes();
  if (Object.keys(changed).length === 0) {
    status.textContent = 'Nothing to save: no setting changed.';
    return;
  }
  try {
    fill((await request(key!, UpdateOrganizationDocument, { input: changed })).updateOrganization!);
    status.textContent = 'Saved. New documents use these settings.';
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'unauthorized') return onUnauthorized(error.message);
    showErrors(error);
  }
}

function readLogo() {
  const file = logoInput.files?.[0];
  $('org-logo-error').textContent = '';
  if (!file) {
    chosenLogo = undefined;
    preview();
    return;
  }
  const reader = new FileReader();
  reader.addEventListener('load', () => {
    const dataUrl = String(reader.result);
    chosenLogo = { dataUrl, base64: dataUrl.slice(dataUrl.indexOf(',') + 1) };
    removeLogo.checked = false;
    preview();
  });
  reader.addEventListener('error', () => {
    $('org-logo-error').textContent = 'logo could not be read from this file';
  });
  reader.readAsDataURL(file);
}

/** Shows the organization's settings; a key that may change them (`*`) gets the form, any other reads them. */
export async function openOrganization(apiKey: string, mayChange: boolean, unauthorized: (message: string) => void) {
  key = apiKey;
  onUnauthorized = unauthorized;
  clearErrors();
  status.textContent = '';
  $('organization-read-only').hidden = mayChange;
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLButtonElement | HTMLTextAreaElement>('input, textarea, button'))
    control.disabled = !mayChange;
  const organization = (await request(apiKey, OrganizationSettingsDocument, {})).viewer.organization;
  fill(organization);
  if (!mayChange) removeLogo.disabled = true;
}

export function closeOrganization() {
  key = null;
  saved = undefined;
  form.reset();
}

form.addEventListener('submit', (event) => void save(event));
form.addEventListener('input', preview);
logoInput.addEventListener('change', readLogo);
removeLogo.addEventListener('change', preview);
