export { DEEP, readDeep, sampleOf, sampleSize } from './sample-size.ts';
export { CHROMIUM_PATH, SAVE_SHOTS, chromiumArgs } from './chromium.ts';
