/**
 * The contact form's addresses, apart from its route module: the app's CSRF rule names them at
 * start-up, while the route module is in the public sections' chunk loaded on first use
 * (src/sections-area.ts).
 */
export const PRACTITIONER_CONTACT_PATH = "/find-a-practitioner/contact";
/** The page a held message's e-mail links to; `message` is the link's secret. */
export const PRACTITIONER_CONTACT_CONFIRM_PATH = "/find-a-practitioner/contact/confirm";
