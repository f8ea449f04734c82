/** The ConfirmEmail screen (schemas/screens/confirm-email.json); the component lives in screens/candidate/. */
export { ConfirmEmailPage as default } from '../candidate/LinkLanding';
