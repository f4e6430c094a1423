/**
 * How the browser tests start Debian's chromium through playwright-core (`executablePath`, `args`):
 * headless, without a sandbox or a GPU, and with one renderer process for all pages. The tests
 * visit only the app they serve themselves, so site isolation buys them nothing, while starting a
 * renderer for every new page costs about a sixth of the browser suites' CPU.
 */
import { DEEP } from './sample-size.ts';

export const CHROMIUM_PATH: string = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Whether the browser tests save their screenshots: in the deep tier, or with CITADEL_SHOTS=1. */
export const SAVE_SHOTS: boolean = DEEP || process.env['CITADEL_SHOTS'] === '1';

export const chromiumArgs = (): string[] => [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-features=site-per-process',
  '--renderer-process-limit=1',
];
