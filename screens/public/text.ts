/** The public site's Swedish texts (schemas/messages/sv.json "public"); placeholders are filled with engine/fill.ts. */
import sv from '../../schemas/messages/sv.json';

export const s = sv.public;
/** The thank-you page's next steps (sv.json "hiringDay", issue 17). */
export const next = sv.hiringDay;
