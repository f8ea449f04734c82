/** The AdPicker screen (schemas/screens/); the component lives in screens/admin/positions/. */
export { default } from '../admin/positions/AdPicker';
