/** Realtime: the bridge that opens the member's socket and applies the app-wide pushes. */
export { RealtimeBridge } from './RealtimeBridge';
