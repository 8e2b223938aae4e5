export { LruCache } from './lru-cache';
