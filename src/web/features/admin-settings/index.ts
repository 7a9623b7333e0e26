export { PlatformSettingsPage } from './components/platform-settings-page';
