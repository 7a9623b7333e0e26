export { PlatformSettingsPage } from './components/platform-settings-page';
// What the back-office console shows of the settings: the Global Settings tab and trigger changes.
export { GlobalSettingsForm } from './components/global-settings-form';
export { AddTriggerDialog } from './components/add-trigger-dialog';
export { useTriggerChange } from './api/triggers';
