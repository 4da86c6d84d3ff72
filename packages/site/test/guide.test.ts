/**
 * The companion page in Chromium when the snap cannot be reached: no
 * MetaMask at all, a MetaMask without snap methods, a MetaMask that is not
 * Flask. The page must say which, and what to install.
 */
import { provideRegularMetaMask } from '@snapnet/client/testing';

import { launchChromium, screenshot } from '../../../test/chromium';
import type { RunningChromium } from '../../../test/chromium';
import { serveSite } from '../src/serve';
import type { RunningSite } from '../src/serve';

const SNAP_ID = 'local:http://localhost:8081';

let site: RunningSite | undefined;
let browser: RunningChromium | undefined;

beforeAll(async () => {
  site = await serveSite({ port: 0, snapId: SNAP_ID });
});

afterEach(async () => {
  const running = browser;
  browser = undefined;
  await running?.close();
});

afterAll(async () => {
  await site?.stop();
});

/**
 * Opens the page in a fresh browser.
 *
 * @param prepare - What the browser has before the page loads.
 * @returns The page.
 */
async function openPage(
  prepare: (running: RunningChromium) => Promise<void> = async () => undefined,
): Promise<RunningChromium['page']> {
  browser = await launchChromium();
  await prepare(browser);
  await browser.page.goto(site?.url ?? '');
  return browser.page;
}

describe('the companion page without MetaMask Flask', () => {
  it('says MetaMask is missing and how to get the snap running', async () => {
    const page = await openPage();
    await page.locator('#connection[data-state="missing"]').waitFor();
    const guide = page.locator('#guide [data-guide="missing"]');
    await guide.waitFor();
    expect(await guide.textContent()).toContain('MetaMask Flask');
    expect(await page.locator('#guide ol').textContent()).toContain(
      `npm start`,
    );
    expect(
      await page.locator('#guide [data-snap-id]').first().textContent(),
    ).toBe(SNAP_ID);
    expect(await page.locator('#connect').isDisabled()).toBe(true);
    await screenshot(page, '00-no-metamask');
  });

  it('says a wallet without snap support cannot run the snap', async () => {
    const page = await openPage(async ({ page: fresh }) =>
      provideRegularMetaMask(fresh, { snaps: false }),
    );
    await page.locator('#connection[data-state="no-snaps"]').waitFor();
    await page.locator('#guide [data-guide="no-snaps"]').waitFor();
    expect(
      await page.locator('#guide [data-guide="no-snaps"]').innerText(),
    ).toMatch(/needs MetaMask\s+Flask/u);
    await screenshot(page, '00-metamask-without-snaps');
  });

  it('says MetaMask is not Flask when the snap is a local one', async () => {
    const page = await openPage(async ({ page: fresh }) =>
      provideRegularMetaMask(fresh, { snaps: true }),
    );
    await page.locator('#connection[data-state="not-flask"]').waitFor();
    await page.locator('#guide [data-guide="not-flask"]').waitFor();
    expect(await page.locator('#guide [data-guide="missing"]').isHidden()).toBe(
      true,
    );
    await screenshot(page, '00-metamask-not-flask');
  });
});
