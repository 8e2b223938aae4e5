/** The installable app: the service worker's registration and updates, and the offline banner. */
export { NewVersionNotice } from './NewVersionNotice';
export { OfflineBanner } from './OfflineBanner';
