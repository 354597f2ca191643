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
// A click on a space of the map fills the next empty step of a path picker (the order form's `path` fields): the
// picker last used, else the first whose next empty step offers that space. The selects keep working without it.
let activePath = null;
document.addEventListener('focusin', (event) => {
  const picker = event.target instanceof Element ? event.target.closest('fieldset.path') : null;
  if (picker) activePath = picker;
});
document.addEventListener('click', (event) => {
  const space = event.target instanceof Element ? event.target.closest('figure.map [data-space]') : null;
  if (!space) return;
  const id = space.getAttribute('data-space');
  const pickers = activePath ? [activePath] : [...document.querySelectorAll('fieldset.path')];
  for (const picker of pickers) {
    const step = [...picker.querySelectorAll('select')].find((s) => !s.value);
    if (!step || ![...step.options].some((o) => o.value === id)) continue;
    step.value = id;
    step.dispatchEvent(new Event('change', { bubbles: true }));
    activePath = picker;
    return;
  }
});
