/** Web Push on this device and the member's push categories (backend/modules/push). */
export { PushSettingsSection } from './components/PushSettingsSection';
export { pushSupported, usePushSubscription } from './usePushSubscription';
