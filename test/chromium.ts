/**
 * Headless Debian Chromium for the browser tests (the companion page's, the
 * client's library and installed-package tests), with a fresh profile, and
 * screenshots saved as test artifacts (test-artifacts/chromium/, gitignored).
 */
import { constants } from 'fs';
import { access, mkdir, mkdtemp, rm } from 'fs/promises';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = resolve(__dirname, '../test-artifacts/chromium');
/** How long the page may take to show a state a test waits for. */
export const UI_TIMEOUT_MS = 20000;

export type RunningChromium = { page: Page; close: () => Promise<void> };

/**
 * Starts Chromium with one page.
 *
 * @returns The page, and how to close everything.
 */
export async function launchChromium(): Promise<RunningChromium> {
  const hasChromium = await access(CHROMIUM, constants.X_OK).then(
    () => true,
    () => false,
  );
  if (!hasChromium) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}: the browser test needs Debian's chromium (apt-get update && apt-get install -y chromium, as .ci/run does).`,
    );
  }
  await mkdir(ARTIFACTS, { recursive: true });
  const userDataDir = await mkdtemp(join(tmpdir(), 'snapnet-chromium-'));
  // A fresh profile, given as Playwright wants it (not as --user-data-dir).
  const browser = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    timeout: UI_TIMEOUT_MS,
    viewport: { width: 1100, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(UI_TIMEOUT_MS);
  return {
    page,
    close: async (): Promise<void> => {
      await browser.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Saves a screenshot of the whole page as a test artifact.
 *
 * @param page - The page.
 * @param name - The file's name, without extension.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: join(ARTIFACTS, `${name}.png`),
    fullPage: true,
  });
}
