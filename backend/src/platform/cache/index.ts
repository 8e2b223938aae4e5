export { LruCache, makeRoom } from './lru-cache';
