// The email feature's public surface (docs/email.md): the banner of the signed-in app and the
// account page's section. Its pages (forgot, reset, verify, confirm) are loaded by the router.
export { VerifyEmailBanner } from './components/VerifyEmailBanner';
export { EmailSection } from './components/EmailSection';
