/**
 * The order form's path picker answers clicks on the map (src/web/public/app.js): a click on a space fills the
 * next empty step of the picker, only with a space that step offers.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { expect, it } from 'vitest';

const CHROMIUM = '/usr/bin/chromium';
const APP_JS = resolve(import.meta.dirname, '../../src/web/public/app.js');

const PAGE = `<figure class="map"><svg width="300" height="100">
  <g class="space" data-space="A"><rect x="0" y="0" width="100" height="100" fill="#eee"/></g>
  <g class="space" data-space="B"><rect x="100" y="0" width="100" height="100" fill="#ddd"/></g>
  <g class="space" data-space="Z"><rect x="200" y="0" width="100" height="100" fill="#ccc"/></g>
</svg></figure>
<form><fieldset class="path"><ol class="steps">
  <li><select name="p.0"><option value="">—</option><option value="A">A</option><option value="B">B</option></select></li>
  <li><select name="p.1"><option value="">—</option><option value="A">A</option><option value="B">B</option></select></li>
</ol></fieldset></form>`;

it.skipIf(!existsSync(CHROMIUM))(
  'a click on a map space fills the next empty step of the path picker',
  async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      await page.setContent(PAGE);
      await page.addScriptTag({ path: APP_JS });
      const values = () => page.$$eval('select', (all) => all.map((s) => (s as unknown as { value: string }).value));
      await page.click('[data-space="B"] rect');
      expect(await values()).toEqual(['B', '']);
      await page.click('[data-space="Z"] rect'); // not offered: nothing changes
      expect(await values()).toEqual(['B', '']);
      await page.click('[data-space="A"] rect');
      expect(await values()).toEqual(['B', 'A']);
    } finally {
      await browser.close();
    }
  },
  60_000,
);
