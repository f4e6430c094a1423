export { DEEP, readDeep, sampleSize } from './sample-size.ts';
