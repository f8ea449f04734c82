/** The NotFound screen (schemas/screens/); the component lives in screens/admin/. */
export { default } from '../admin/NotFound';
