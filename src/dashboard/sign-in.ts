// The key form both pages share (#key-form, #api-key, #key-error): Enter submits, an empty field is
// refused in words, and a key this tab remembers (sessionStorage) opens the page at once.
export function keyForm(storageKey: string, open: (key: string) => void) {
  const form = document.getElementById('key-form') as HTMLFormElement;
  const input = document.getElementById('api-key') as HTMLInputElement;
  const error = document.getElementById('key-error')!;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const candidate = input.value.trim();
    if (!candidate) {
      error.textContent = 'Enter an API key (it starts with ak_).';
      return;
    }
    open(candidate);
  });
  const remembered = sessionStorage.getItem(storageKey);
  if (remembered) open(remembered);
  else input.focus();
}
