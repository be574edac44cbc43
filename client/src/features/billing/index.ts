export { UpgradePrompt, type UpgradeReason } from './components/UpgradePrompt';
