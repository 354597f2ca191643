/**
 * The map in mails, through the real path: the welcome and result mails of a game are delivered by the delivery
 * worker over SMTP to a recording server, and each carries the map as an inline PNG (image/png, a Content-ID that
 * the HTML part shows as `cid:`), a real PNG of the map's size, in the seat's language; no SVG attachment.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDeliveryDeps } from './deps.ts';
import { createSender, deliverDue } from '../../src/mail/delivery.ts';
import { MapPictures, mapPictures, pictureFonts, pngSize } from '../../src/mail/map-image.ts';
import { gameDefinition } from '../../src/services/deps.ts';
import { createGame } from '../../src/services/games.ts';
import { submitOrders } from '../../src/services/orders.ts';
import { currentStep } from '../../src/services/steps.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { startRecorder, type Recorder } from './helpers.ts';

let t: TestApp;
let recorder: Recorder;

beforeAll(async () => {
  recorder = await startRecorder();
  t = await buildTestApp({
    config: { SMTP_URL: `smtp://127.0.0.1:${recorder.port}?tls=off`, MAIL_DOMAIN: 'judge.test' },
  });
});
afterAll(async () => {
  await recorder?.stop();
  await t?.close();
});

/**
 * The map picture of a received mail, checked: inline PNG, shown by cid from the HTML, a real PNG of a region of the
 * map (at most 420 units wide, drawn at twice its size for a phone's screen).
 */
async function mapPicture(raw: Buffer): Promise<{ width: number; height: number }> {
  const mail: ParsedMail = await simpleParser(raw, { keepCidLinks: true });
  expect(mail.attachments.filter((a) => a.contentType === 'image/svg+xml')).toHaveLength(0);
  const images = mail.attachments.filter((a) => a.contentType === 'image/png');
  expect(images).toHaveLength(1);
  const [png] = images;
  expect(png.contentDisposition).toBe('inline');
  expect(png.cid).toBeTruthy();
  expect(mail.html).toContain(`src="cid:${png.cid}"`);
  expect([...png.content.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.content.subarray(-8, -4).toString('latin1')).toBe('IEND');
  const size = pngSize(png.content)!;
  expect(size.width).toBeGreaterThanOrEqual(2 * 320);
  expect(size.width).toBeLessThanOrEqual(2 * 420);
  expect(size.height).toBeGreaterThan(300);
  return size;
}

test('welcome and result mails carry the map as an inline PNG, in each seat language', async () => {
  expect(pictureFonts().length).toBeGreaterThan(1); // a Latin and a Japanese font on this machine
  const deps = t.deps;
  const players = { allied: 'ally@example.org', german: 'wolf@example.jp' };
  const game = await createGame(deps, {
    game: 'atlantic-wolves',
    mode: 'mail',
    name: 'Picture Game',
    seats: [
      { side: 'allied', email: players.allied, locale: 'en' },
      { side: 'german', email: players.german, locale: 'ja' },
    ],
  });
  const sender = createSender(deps.config);
  const deliver = async () => {
    while (Object.values(await deliverDue(createDeliveryDeps(deps), sender)).some((n) => n > 0));
  };
  await deliver();
  for (const who of Object.values(players)) {
    const [welcome] = recorder.to(who);
    await mapPicture(welcome.raw);
    expect(welcome.parsed.text).toMatch(/Turn 1 of 5|第1ターン/); // the table in the text part
    // The sign-in link of the page is a link in the HTML part, not text to copy.
    const page = /(https?:\/\/\S+\/play\/\S+)/.exec(welcome.parsed.text ?? '')?.[1];
    expect(page).toBeDefined();
    expect(String(welcome.parsed.html)).toContain(`<a href="${page?.replace(/&/g, '&amp;')}">`);
  }
  // One step: the owed seat sends the engine's default orders; the result mails follow.
  const step = await currentStep(deps, game.id);
  const def = gameDefinition(deps, 'atlantic-wolves')!;
  const seats = await t.db.seat.findMany({ where: { gameId: game.id } });
  for (const o of step.owed) {
    const seat = seats.find((s) => s.side === o.seat)!;
    await submitOrders(deps, {
      gameId: game.id,
      seatId: seat.id,
      orders: def.defaultOrders(step.envelope.state, o.seat),
      raw: '{}',
      source: 'api',
    });
  }
  await deliver();
  for (const who of Object.values(players)) {
    const results = recorder.to(who).filter((m) => /== (Result of step|ステップ \d+ の結果)/.test(m.parsed.text ?? ''));
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) await mapPicture(r.raw);
  }
  sender.close();
}, 120_000);

test('the picture draws the map texts: Latin with the first font, Japanese with a Japanese font', async () => {
  const svg = (label: string) =>
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><rect width="200" height="40" fill="#fff"/>' +
    `<text x="10" y="28" font-size="20">${label}</text></svg>`;
  const fonts = pictureFonts();
  const pictures = mapPictures();
  const latinOnly = new MapPictures(fonts.slice(0, 1));
  try {
    const [blank, en, ja, jaWithoutFont] = await Promise.all([
      pictures.render(svg('')),
      pictures.render(svg('Turn')),
      pictures.render(svg('ターン')),
      latinOnly.render(svg('ターン')),
    ]);
    // A picture under 640 units wide is drawn at twice its size.
    for (const png of [blank, en, ja]) expect(pngSize(png)).toEqual({ width: 400, height: 80 });
    expect(en.equals(blank)).toBe(false);
    expect(ja.equals(blank)).toBe(false);
    // Without the Japanese font the same text comes out otherwise (missing glyphs): the Japanese font drew it.
    expect(ja.equals(jaWithoutFont)).toBe(false);
  } finally {
    await latinOnly.close();
  }
});
