// The key form both pages share, built into their <form id="key-form" data-submit="…"> when this module
// loads (module scripts run once the page is parsed): the key field (#api-key, a password field kept out
// of autocomplete), its button and #key-error. Enter submits, an empty field is refused in words, and a
// key this tab remembers (sessionStorage) opens the page at once.
const form = document.getElementById('key-form') as HTMLFormElement;
const label = Object.assign(document.createElement('label'), { htmlFor: 'api-key', textContent: 'API key' });
const row = Object.assign(document.createElement('div'), { className: 'key-row' });
export const keyInput = Object.assign(document.createElement('input'), {
  id: 'api-key',
  name: 'api-key',
  type: 'password',
  autocomplete: 'off',
  spellcheck: false,
  placeholder: 'ak_…',
  required: true,
});
keyInput.setAttribute('aria-describedby', 'key-error');
const submit = Object.assign(document.createElement('button'), { type: 'submit', textContent: form.dataset.submit ?? 'Open' });
export const keyError = Object.assign(document.createElement('p'), { id: 'key-error', className: 'error' });
keyError.setAttribute('role', 'alert');
row.append(keyInput, submit);
form.replaceChildren(label, row, keyError);

/** Opens the page with a key typed in (or remembered by this tab). */
export function keyForm(storageKey: string, open: (key: string) => void) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const candidate = keyInput.value.trim();
    if (!candidate) {
      keyError.textContent = 'Enter an API key (it starts with ak_).';
      return;
    }
    open(candidate);
  });
  const remembered = sessionStorage.getItem(storageKey);
  if (remembered) open(remembered);
  else keyInput.focus();
}
