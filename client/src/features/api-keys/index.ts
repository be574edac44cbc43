// API keys on the account page (docs/api-keys.md).
export { ApiKeysSection } from './components/ApiKeysSection';
