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

// The map pans and zooms: on a narrow screen it opens at a readable scale (one unit of the picture a pixel) on the
// region the seat's decision is about (the figure's data-focus, "x y w h" in the picture's units); the buttons,
// a pinch or ctrl + wheel zoom it, a drag or a swipe moves it. At every zoom a label smaller than 10 px is hidden
// rather than drawn too small to read: zoomed out, the map shows fewer labels, never smaller ones.
const MIN_LABEL_PX = 10;
const NARROW = 640;
function setUpMap(figure) {
  const view = figure.querySelector('.map-view');
  const svg = view?.querySelector('svg');
  const box = svg?.viewBox?.baseVal;
  if (!svg || !box?.width) return;
  const tools = figure.querySelector('.map-tools');
  if (tools) tools.hidden = false;
  const texts = [...svg.querySelectorAll('text')];
  const start = svg.getBoundingClientRect().width / box.width;
  if (!(start > 0)) return; // not laid out (hidden): left as it is
  // Each label's height in pixels per unit of scale, measured once while every label is shown.
  const unit = new Map(texts.map((t) => [t, t.getBoundingClientRect().height / start]));
  const focus = (figure.dataset.focus ?? '').split(' ').map(Number);
  const fitScale = () => view.clientWidth / box.width;
  const opening = () => (window.innerWidth <= NARROW ? Math.max(fitScale(), 1) : fitScale());
  let scale = start;
  let fitted = true;
  function labels() {
    for (const t of texts) t.classList.toggle('label-off', unit.get(t) * scale < MIN_LABEL_PX);
  }
  // Zooms to `next`, keeping the picture's point under (px, py) of the view where it is.
  function zoom(next, px = view.clientWidth / 2, py = view.clientHeight / 2) {
    const ux = (view.scrollLeft + px) / scale;
    const uy = (view.scrollTop + py) / scale;
    scale = Math.min(4, Math.max(fitScale(), next));
    fitted = scale <= fitScale() + 1e-6;
    svg.style.width = `${box.width * scale}px`;
    svg.style.height = `${box.height * scale}px`;
    view.scrollLeft = ux * scale - px;
    view.scrollTop = uy * scale - py;
    labels();
  }
  function toFocus() {
    zoom(opening());
    if (focus.length !== 4 || focus.some((v) => !Number.isFinite(v))) return;
    view.scrollLeft = (focus[0] + focus[2] / 2) * scale - view.clientWidth / 2;
    view.scrollTop = (focus[1] + focus[3] / 2) * scale - view.clientHeight / 2;
  }
  tools?.addEventListener('click', (event) => {
    const how = event.target instanceof Element ? event.target.closest('[data-zoom]')?.dataset.zoom : null;
    if (how === 'in') zoom(scale * 1.5);
    else if (how === 'out') zoom(scale / 1.5);
    else if (how === 'all') zoom(fitScale());
    else if (how === 'focus') toFocus();
  });
  let pinch = null;
  const spread = (e) =>
    Math.hypot(e.touches[0].clientX - e.touches[1].clientX, e.touches[0].clientY - e.touches[1].clientY);
  view.addEventListener('touchstart', (e) => {
    if (e.touches.length !== 2) return;
    const r = view.getBoundingClientRect();
    const px = (e.touches[0].clientX + e.touches[1].clientX) / 2 - r.left;
    const py = (e.touches[0].clientY + e.touches[1].clientY) / 2 - r.top;
    pinch = { d: spread(e), scale, px, py };
  });
  view.addEventListener(
    'touchmove',
    (e) => {
      if (!pinch || e.touches.length !== 2) return;
      e.preventDefault();
      zoom((pinch.scale * spread(e)) / pinch.d, pinch.px, pinch.py);
    },
    { passive: false },
  );
  view.addEventListener('touchend', (e) => {
    if (e.touches.length < 2) pinch = null;
  });
  view.addEventListener(
    'wheel',
    (e) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      const r = view.getBoundingClientRect();
      zoom(scale * (e.deltaY < 0 ? 1.15 : 1 / 1.15), e.clientX - r.left, e.clientY - r.top);
    },
    { passive: false },
  );
  // A mouse drag pans (a click without moving still picks a space).
  let drag = null;
  view.addEventListener('pointerdown', (e) => {
    if (e.pointerType === 'mouse' && e.button === 0)
      drag = { x: e.clientX, y: e.clientY, l: view.scrollLeft, t: view.scrollTop };
  });
  view.addEventListener('pointermove', (e) => {
    if (!drag) return;
    view.scrollLeft = drag.l - (e.clientX - drag.x);
    view.scrollTop = drag.t - (e.clientY - drag.y);
  });
  window.addEventListener('pointerup', () => {
    drag = null;
  });
  window.addEventListener('resize', () => {
    if (fitted) zoom(fitScale());
  });
  toFocus();
}
for (const figure of document.querySelectorAll('figure.map')) setUpMap(figure);
