export { ManagePairsPage } from './components/manage-pairs-page';
