export { DEEP, readDeep, sampleOf, sampleSize } from './sample-size.ts';
