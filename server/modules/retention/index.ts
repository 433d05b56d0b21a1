export { retentionPlugin } from './plugin.ts';
