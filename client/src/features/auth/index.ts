// The auth feature's public surface. SignInPanel is imported from its own path
// (components/SignInPanel) so the forms stay out of the landing page's bundle.
export { AuthProvider } from './AuthProvider';
export { useAuth, type AuthState, type AuthUser } from './AuthContext';
