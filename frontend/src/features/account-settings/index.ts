/** Account settings: the member's account details, verification, data export and deletion. */
export { default as AccountSettingsScreen } from './screens/AccountSettingsScreen';
