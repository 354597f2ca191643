// Optional comfort on top of plain forms (everything works without it): confirm destructive console actions,
// load an uploaded data-set file into its text box, count down to the deadline (the page already says when), and
// fill a path picker's steps from clicks on the map.
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

// The countdown next to a deadline: "Time left: 2 d 03:12:45", every second; its words come from the page.
function countdownText(el, now) {
  const left = Date.parse(el.dataset.deadline) - now;
  if (!(left > 0)) return el.dataset.over;
  const s = Math.floor(left / 1000);
  const pad = (n) => String(n).padStart(2, '0');
  const hms = `${pad(Math.floor(s / 3600) % 24)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
  const days = Math.floor(s / 86400);
  const span = days > 0 ? el.dataset.days.replace('{d}', String(days)).replace('{hms}', hms) : hms;
  return el.dataset.template.replace('{left}', span);
}
function tick() {
  for (const el of document.querySelectorAll('.countdown[data-deadline]'))
    el.textContent = countdownText(el, Date.now());
}
tick();
setInterval(tick, 1000);

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
