export { UpgradePrompt, isUpgradeCode, type UpgradeReason } from './components/UpgradePrompt';
export { Plans } from './components/Plans';
