export { PlatformSettingsPage } from './components/platform-settings-page';
export { GlobalSettingsForm } from './components/global-settings-form';
