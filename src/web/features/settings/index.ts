export { SettingsPage } from './components/settings-page';
// One preferences query for every screen: a save on Settings updates what offers and the dashboard read.
export { PREFERENCES_LOAD_ERROR, usePreferences } from './api/get-preferences';
