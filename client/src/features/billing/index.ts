export { UpgradePrompt, isUpgradeCode, type UpgradeReason } from './components/UpgradePrompt';
