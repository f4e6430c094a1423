export { DEEP, readDeep, sampleOf, sampleSize } from './sample-size.ts';
export { CHROMIUM_PATH, chromiumArgs } from './chromium.ts';
