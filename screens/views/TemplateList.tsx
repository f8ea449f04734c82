/** The TemplateList screen (schemas/screens/); the component lives in screens/admin/templates/. */
export { default } from '../admin/templates/TemplateList';
