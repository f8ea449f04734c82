/** The SigninLink screen (schemas/screens/signin-link.json); the component lives in screens/candidate/. */
export { SigninLinkPage as default } from '../candidate/LinkLanding';
