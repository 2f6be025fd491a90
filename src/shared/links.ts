/**
 * Every link the site makes, in one place. Pure and environment-free: the Worker and browser
 * code both import it.
 * - General pages follow one rule: type `Root` gives `/{slug}`, any other type gives
 *   `/{type in lower case}/{slug}`, and a missing type or slug gives `/` (`pageHref`).
 * - The site's own screens that are not general pages have fixed addresses (`hrefs`).
 * - URLs that come from CMS fields (external links, social links, flipbook links) are checked
 *   before they become an href (`safeHref`): only web, mail and phone links, or a site path. Both
 *   that check and `isExternal` read a URL the way a browser's URL parser does, since that is
 *   where the link will lead: it removes tabs and newlines anywhere and C0 controls and spaces at
 *   either end, so "/\t/evil.example" is "//evil.example", another host; and it reads "\" as
 *   "/" in web URLs.
 */
export interface PageLink {
  type?: string | null;
  slug?: string | null;
}

export function pageHref(page: PageLink | null | undefined): string {
  const type = page?.type?.trim();
  const slug = page?.slug?.trim();
  if (!type || !slug) return "/";
  // Slugs are single path segments; encoding keeps "/", "?" or "#" in one from changing the
  // link's meaning (a leading "//" would otherwise point off-site).
  const segment = encodeURIComponent(slug);
  return type === "Root" ? `/${segment}` : `/${encodeURIComponent(type.toLowerCase())}/${segment}`;
}

const segment = (slug: string) => encodeURIComponent(slug);

/** Membership information pages are Professionals pages named join-{membership slug}. */
export const MEMBERSHIP_INFO_TYPE = "Professionals";
export const membershipInfoSlug = (membershipSlug: string) => `join-${membershipSlug}`;

export const hrefs = {
  home: "/",
  articles: "/articles",
  article: (slug: string) => `/articles/${segment(slug)}`,
  search: "/search",
  webinars: "/webinars",
  webinar: (slug: string) => `/webinars/${segment(slug)}`,
  events: "/events",
  event: (slug: string) => `/events/${segment(slug)}`,
  eventCalendar: (slug: string) => `/events/${segment(slug)}/calendar.ics`,
  eventBook: (slug: string) => `/events/${segment(slug)}/book`,
  /** One attendee's ticket, by its code (the link in a transferred place's e-mail; whoever holds the code holds the ticket). */
  eventTicket: (code: string) => `/events/tickets/${segment(code)}`,
  bundles: "/webinars/bundles",
  bundle: (slug: string) => `/webinars/bundles/${segment(slug)}`,
  memberships: "/memberships",
  /**
   * A membership's information page: always answers, with the general page that presents the
   * membership or one made from its title and description (services/content/membership-info.ts).
   */
  membershipInfo: (membershipSlug: string) => pageHref({ type: MEMBERSHIP_INFO_TYPE, slug: membershipInfoSlug(membershipSlug) }),
  join: "/join",
  /** Leaves an editor's draft preview and returns to the same page, as published. */
  previewExit: (path: string) => `/api/preview/exit?url=${encodeURIComponent(path)}`,
  /** The join form with a membership chosen in advance. */
  joinAs: (membershipSlug: string) => `/join?membership=${encodeURIComponent(membershipSlug)}`,
  signIn: "/login",
  /** Creating an account (anyone, to buy webinars; members join with it). */
  register: "/register",
  cart: "/cart",
  account: "/user/account",
  /** The member's own details (name, address, professional details). */
  profile: "/user/profile",
  /** Asking to change the address an account signs in with. */
  changeEmail: "/user/account/email",
  /** Where Firebase's change-of-address link returns (no session needed: it may open on another device). */
  emailChanged: "/account/email-changed",
  /** The user's own data: downloading it, and deleting the account. */
  privacy: "/user/privacy",
  /** "Download my data": the JSON file of everything the site holds about the user. */
  privacyExport: "/user/privacy/my-data.json",
  /** "Delete my account": the confirmation asking for the password (its form posts here too). */
  deleteAccount: "/user/privacy/delete",
  /** Where a deleted account's last request lands (no session any more). */
  accountDeleted: "/account/deleted",
  /** Staff: one applicant's data, for a data-subject request (audited). */
  staffApplicantData: (applicationId: string) => `/staff/applications/${segment(applicationId)}/personal-data.json`,
  /** Where the account page's e-mail choices are posted. */
  emailPreferences: "/user/account/email-preferences",
  topicConsents: "/user/account/topics",
  membership: "/user/membership",
  myWebinars: "/user/webinars",
  /** The user's confirmed event bookings and their tickets. */
  myEvents: "/user/events",
  /** A waiting-list offer: the place held for its entry's holder, claimed into their cart. */
  waitlistOffer: (entryId: string) => `/user/events/offers/${segment(entryId)}`,
  /** The buyer's form passing one attendee's place to someone else. */
  transferPlace: (attendeeId: string) => `/user/events/places/${segment(attendeeId)}/transfer`,
  /** The buyer's cancelling of a postponed (or moved) event's booking for a full refund. */
  cancelPostponedBooking: (bookingId: string) => `/user/events/bookings/${segment(bookingId)}/cancel`,
  /** Staff's form passing one attendee's place to someone else. */
  staffTransferPlace: (eventId: string, attendeeId: string) => `/staff/events/${segment(eventId)}/attendees/${segment(attendeeId)}/transfer`,
  /** The buyer's own cancellation of an unused order within 14 days (confirm page; its form posts here too). */
  cancelOrder: (orderId: string) => `/user/orders/${segment(orderId)}/cancel`,
  receipts: "/user/receipts",
  /** A receipt as its payer sees it (printable). */
  receipt: (number: string) => `/user/receipts/${segment(number)}`,
  /** The same receipt on the staff pages. */
  staffReceipt: (number: string) => `/staff/receipts/${segment(number)}`,
  /** A pro-forma invoice as its payer sees it (printable). */
  proForma: (number: string) => `/user/pro-forma/${segment(number)}`,
  /** The same pro-forma invoice on the staff pages. */
  staffProForma: (number: string) => `/staff/pro-forma/${segment(number)}`,
  /** A credit note (a refund's record) as its payer sees it (printable). */
  creditNote: (number: string) => `/user/credit-notes/${segment(number)}`,
  /** A credit note (a refund's record) on the staff pages (printable). */
  staffCreditNote: (number: string) => `/staff/credit-notes/${segment(number)}`,
  /** The finance ledger of a range of days, its CSV, and a quarter's VAT summary (staff). */
  staffFinance: (range?: { from: string; to: string }) => (range ? `/staff/finance?${new URLSearchParams(range)}` : "/staff/finance"),
  staffFinanceCsv: (range: { from: string; to: string }) => `/staff/finance.csv?${new URLSearchParams(range)}`,
  staffVatSummary: (quarter?: string) => (quarter ? `/staff/finance/vat?${new URLSearchParams({ quarter })}` : "/staff/finance/vat"),
  /** Members and money at a glance (staff). */
  staffDashboard: "/staff/dashboard",
  /** An order on the staff pages (its payments, refunds and disputes). */
  staffOrder: (orderId: string) => `/staff/orders/${segment(orderId)}`,
  /** Refunding an order's payment (staff form). */
  staffOrderRefund: (orderId: string) => `/staff/orders/${segment(orderId)}/refund`,
  /** Refunding a membership payment (a join or a renewal; staff page and form, finance area). */
  staffPaymentRefund: (paymentId: string) => `/staff/payments/${segment(paymentId)}/refund`,
  /** An application on the staff pages. */
  staffApplication: (applicationId: string) => `/staff/applications/${segment(applicationId)}`,
  /** The user's CPD log, at one year (this year when none is given). */
  cpd: (year?: number) => (year === undefined ? "/user/cpd" : `/user/cpd?year=${year}`),
  cpdNewEntry: "/user/cpd/new",
  /** One of the user's own CPD entries: its edit form (or, for a webinar, its confirmation). */
  cpdEntry: (entryId: string) => `/user/cpd/entries/${segment(entryId)}`,
  cpdExport: (year: number) => `/user/cpd/export.csv?year=${year}`,
  cpdSummary: (year: number) => `/user/cpd/summary?year=${year}`,
  /** A certificate as its holder prints it. */
  cpdCertificate: (certificateId: string) => `/user/cpd/certificates/${segment(certificateId)}`,
  /** A certificate's public verification page, printed on the certificate. */
  certificateVerification: (certificateId: string) => `/certificates/${segment(certificateId)}`,
  staffCertificates: "/staff/certificates",
  /** A member's page on the staff members register (their timeline). */
  staffMember: (userId: string) => `/staff/members/${segment(userId)}`,
  /** Likely duplicate member records, page by page (from a cursor). */
  staffDuplicates: "/staff/members/duplicates",
  /** Two member records side by side, to merge one into the other. */
  staffMerge: (a: string, b: string) => `/staff/members/merge?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`,
} as const;

/** Where each page's embed blocks are served as their own sandboxed documents (routes/embeds.tsx). */
export const embedBases = {
  home: "/embeds/home",
  page: (type: string, slug: string) => `/embeds/page/${encodeURIComponent(type)}/${encodeURIComponent(slug)}`,
  article: (slug: string) => `/embeds/article/${encodeURIComponent(slug)}`,
} as const;

/** Where a visitor goes when a page needs a session, and back to `callbackPath` afterwards. */
export function signInRedirectUrl(callbackPath: string): string {
  return `/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(callbackPath)}`;
}

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);

const TAB_OR_NEWLINE = /[\t\n\r]/g;
const CONTROL_OR_SPACE_AT_ENDS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const CONTROL = /[\u0000-\u001f\u007f]/;
/** `//host`, `/\host`, `\/host`, `\\host`: another host, written to look like a path. */
const ANOTHER_HOST = /^[/\\]{2}/;

/** The URL as a browser's parser reads it before anything else. */
const asBrowserReads = (url: string) => url.replace(TAB_OR_NEWLINE, "").replace(CONTROL_OR_SPACE_AT_ENDS, "");

/**
 * The URL, as a browser reads it, if it is safe to link to; else null (for example `javascript:`,
 * `data:`, another host written as a path, or any control character left inside).
 */
export function safeHref(url: string | null | undefined): string | null {
  const value = asBrowserReads(url ?? "");
  if (!value || CONTROL.test(value)) return null;
  // No site path starts with a backslash: browsers read it as "/", and two of them as another host.
  if (value.startsWith("\\")) return null;
  if (value.startsWith("/")) return ANOTHER_HOST.test(value) ? null : value;
  try {
    return SAFE_PROTOCOLS.has(new URL(value).protocol) ? value : null;
  } catch {
    return null;
  }
}

/** Whether a link leaves the site: it resolves, on a page of the site, to another web origin. */
export function isExternal(href: string, siteUrl: string): boolean {
  const site = new URL(siteUrl);
  try {
    const url = new URL(asBrowserReads(href), site);
    return (url.protocol === "http:" || url.protocol === "https:") && url.origin !== site.origin;
  } catch {
    return false;
  }
}
