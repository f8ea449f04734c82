/** The templates-email-type screen (schemas/screens/); the component lives in screens/mail/. */
export { default } from '../mail/EmailTemplatesPage';
