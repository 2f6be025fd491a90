/**
 * The content domain: what the Worker knows about CMS content once a response has been
 * validated and mapped (src/adapters/cms/operations). Field names follow the CMS's content model.
 */
import type { CpdCategory } from "./cpd";
import { type PageLink } from "../shared/links";
import type { VatTreatment } from "../shared/pricing/vat";

/** HTML produced by the CMS adapter's sanitiser; the only HTML views may insert as is. */
export type SafeHtml = { readonly html: string } & { readonly __brand: "SafeHtml" };

export type FileType = "jpg" | "png" | "svg" | "other";

export interface Media {
  url: string;
  previewUrl: string | null;
  width: number | null;
  height: number | null;
  alternativeText: string | null;
  name: string;
  hash: string;
  ext: string;
  mime: string | null;
  /** A media file's extension maps to a file type of jpg, svg or png. */
  fileType: FileType;
  /** Smaller renditions the CMS generated (for srcset), narrowest first. */
  formats: MediaFormat[];
}

export interface MediaFormat {
  name: string;
  url: string;
  width: number;
  height: number;
}

export interface PageRef extends PageLink {
  title: string | null;
  type: string | null;
  slug: string | null;
}

export interface Seo {
  metaTitle: string | null;
  metaDescription: string | null;
  shareImage: Media | null;
}

export interface CallToAction {
  label: string;
  page: PageRef | null;
  url: string | null;
}

export type Block =
  | { kind: "text"; id: string; content: SafeHtml }
  | { kind: "text-with-image"; id: string; content: SafeHtml; image: Media | null; imagePosition: "left" | "right" }
  | { kind: "image"; id: string; image: Media; caption: string | null }
  | {
      kind: "button";
      id: string;
      title: string;
      externalLink: string | null;
      internalLink: PageRef | null;
      alignment: "left" | "center" | "right";
    }
  | { kind: "card-list"; id: string; title: string | null; cardBlocks: CardBlock[] }
  | { kind: "webinars-list"; id: string; title: string | null; filter: WebinarsFilter; webinars: WebinarSummary[] }
  | { kind: "flipbook"; id: string; subjectTitle: string; flipbookLink: string | null; file: Media | null }
  | { kind: "embed"; id: string; title: string; snippet: string }
  | {
      kind: "membership-settings";
      id: string;
      subscriptionPriceId: string | null;
      offlinePriceId: string | null;
      initialPriceId: string | null;
      halfOffCouponId: string | null;
      membership: MembershipSummary | null;
    }
  | {
      kind: "hero-banner";
      id: string;
      preTitle: string | null;
      title: string;
      subtitle: string | null;
      callToAction: CallToAction | null;
      image: Media | null;
    }
  | { kind: "large-cards"; id: string; title: string | null; cards: LargeCard[] };

export type BlockKind = Block["kind"];

/** Every block kind, in the CMS's order; each block's root element carries `data-block="<kind>"`. */
export const BLOCK_KINDS = [
  "text",
  "text-with-image",
  "image",
  "button",
  "card-list",
  "webinars-list",
  "flipbook",
  "embed",
  "membership-settings",
  "hero-banner",
  "large-cards",
] as const satisfies readonly BlockKind[];

export interface CardBlock {
  title: string;
  bottomLinkText: string | null;
  content: string | null;
  generalPage: PageRef | null;
  image: Media | null;
}

export interface LargeCard {
  title: string;
  subtitle: string | null;
  link: PageRef | null;
  image: Media | null;
}

export type WebinarsFilter = "upcoming" | "past" | "all" | "memberFree";

export interface GeneralPage {
  id: string;
  title: string;
  slug: string;
  type: string;
  authenticatedOnly: boolean;
  membersOnly: boolean;
  createdAt: string | null;
  publishedAt: string | null;
  updatedAt: string | null;
  seo: Seo | null;
  blocks: Block[];
}

/**
 * Pages of type User live in the signed-in area (`/user/{slug}`): they always need a signed-in
 * viewer, whether or not the editor ticked authenticatedOnly.
 */
export const alwaysSignedIn = (type: string): boolean => type === "User";

/** A general page and the memberships its membership-settings blocks present (membership information pages). */
export interface PagePresentingMemberships {
  type: string;
  slug: string;
  authenticatedOnly: boolean;
  membersOnly: boolean;
  membershipSlugs: string[];
}

/** The fields of a general page needed to link to it and build the sitemap. */
export interface GeneralPageSlug {
  slug: string;
  type: string;
  authenticatedOnly: boolean;
  membersOnly: boolean;
  updatedAt: string | null;
}

export interface Homepage {
  seo: Seo | null;
  blocks: Block[];
}

export interface ArticleSummary {
  id: string;
  title: string;
  slug: string;
  /** The editor's own summary (the article's top-level field), or null. */
  summary: string | null;
  /** The editor's own lead image (the article's top-level field), or null. */
  image: Media | null;
  /**
   * What lists show of the article: the top-level summary and image when set; otherwise, for
   * articles written only in blocks, the first paragraph of the first text block (plain text)
   * and the first image in the blocks.
   */
  teaser: { summary: string | null; image: Media | null };
  publishedAt: string | null;
  updatedAt: string | null;
}

export interface Article extends ArticleSummary {
  blocks: Block[];
}

/** The fields of an article the sitemap needs. */
export interface ArticleSlug {
  slug: string;
  updatedAt: string | null;
}

/** One address the sitemap lists. */
export interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

/** One page of the article list as visitors see it, newest first. */
export interface ArticleListPage {
  articles: ArticleSummary[];
  /** Counts from 1. */
  page: number;
  /** At least 1: an empty list is one empty page. */
  pageCount: number;
  total: number;
}

export interface WebinarPrices {
  defaultPrice: number | null;
  stripePriceId: string | null;
  stripeProductId: string | null;
  memberPrice: number | null;
  memberPriceId: string | null;
  defaultFreeDate: string | null;
  defaultArchiveDate: string | null;
  memberFreeDate: string | null;
  memberArchiveDate: string | null;
}

export interface WebinarSummary extends WebinarPrices {
  /** The CMS document's lasting id (its documentId), under which orders and entitlements keep it. */
  id: string;
  /**
   * The published row's numeric id, which Strapi changes on every publish. Entitlements granted
   * before the site kept documentIds hold it; it is matched only to honour those (legacy-entitlements.ts).
   */
  legacyId?: string;
  name: string;
  slug: string;
  date: string;
  durationMinutes: number;
  image: Media | null;
  bundle: { bundleName: string; slug: string } | null;
  /** How VAT applies to the webinar's (gross) prices. */
  vatTreatment: VatTreatment;
}

/**
 * The live and recording links. Kept apart from the rest so that views can only reach them
 * through an explicit entitlement check.
 */
export interface WebinarAccessLinks {
  zoomUrl: string | null;
  vimeoUrl: string | null;
  vimeoPlaylist: string | null;
}

export interface Webinar extends WebinarSummary {
  description: SafeHtml | null;
  access: WebinarAccessLinks;
  /** What attending counts for in the CPD log (the CMS's cpdHours and cpdCategory, both optional). */
  cpd: WebinarCpd;
}

/** A webinar's CPD hours (in hundredths) and category, each null when the editor set none. */
export interface WebinarCpd {
  hoursHundredths: number | null;
  category: CpdCategory | null;
}

export interface WebinarBundle {
  id: string;
  bundleName: string;
  slug: string;
  description: string | null;
  couponId: string | null;
  discount: number | null;
  discountType: "percent" | "amount" | null;
  /** How VAT applies to the bundle's (gross) price. */
  vatTreatment: VatTreatment;
  webinars: WebinarSummary[];
}

export interface MembershipSummary {
  id: string;
  title: string;
  slug: string;
  description: SafeHtml | null;
  stripePriceId: string | null;
  price: number | null;
  joiningFee: number | null;
  /** How VAT applies to the membership's (gross) price and joining fee. */
  vatTreatment: VatTreatment;
  /** What an applicant for this membership must show (docs/decisions/0017-everyone-gets-in.md). */
  evidence: MembershipEvidence;
  /** Whether staff approve applications before the membership starts, and the documents applicants upload (docs/decisions/0056). */
  vetting: MembershipVetting;
}

/** A document an applicant must upload (the CMS membership's `requiredDocuments`). */
export interface RequiredDocument {
  /** How the form and staff name it ("Registration certificate"); unique within the membership. */
  name: string;
  hint: string | null;
}

/** A membership type's vetting: no approval (and no documents) unless the CMS says so. */
export interface MembershipVetting {
  needsApproval: boolean;
  documents: readonly RequiredDocument[];
}

export const NO_VETTING: MembershipVetting = { needsApproval: false, documents: [] };

/** Whether the join form asks for one piece of evidence, and whether it must be given. */
export type EvidenceNeed = "required" | "optional" | "notAsked";

/** The evidence a membership type asks of applicants (the CMS membership's `evidence`). */
export interface MembershipEvidence {
  registrationNumber: EvidenceNeed;
  yearQualified: EvidenceNeed;
  workplace: EvidenceNeed;
  /** Where a student studies (university or college, and course). */
  placeOfStudy: EvidenceNeed;
  /** The format of this membership's registration numbers, as a regular expression; null: the join page's, else the general rule. */
  registrationNumberPattern: string | null;
  /** A registration number in that format, shown as the example. */
  registrationNumberExample: string | null;
}

export type Membership = MembershipSummary;

export interface JoinPage {
  /** The page's heading: its SEO title, else a default. */
  title: string;
  seo: Seo | null;
  /** Sanitised; a first heading that repeats `title` was dropped when it was mapped. */
  formIntro: SafeHtml | null;
  yourDetailsDescription: string | null;
  addressDescription: string | null;
  professionalDetailsDescription: string | null;
  membershipDescription: string | null;
  yourAccountDescription: string | null;
  declarationDescription: string | null;
  termsPage: PageRef | null;
  privacyPolicyPage: PageRef | null;
  successMessage: SafeHtml | null;
  specialisationOptions: string[];
  /** The registration-number format for memberships that name none (a regular expression), or null. */
  registrationNumberPattern: string | null;
  registrationNumberExample: string | null;
}

export interface GlobalSettings {
  favicon: Media | null;
}

export interface GlobalSeo {
  metaTitle: string | null;
  metaDescription: string | null;
  shareImage: Media | null;
}

export type SidebarItem =
  | { kind: "link"; title: string; page: PageRef | null }
  | { kind: "dropdown"; title: string; pages: PageRef[] };

export const SIDEBAR_GROUPS = ["patients", "professionals", "userSettings", "webinars", "root"] as const;
export type SidebarGroup = (typeof SIDEBAR_GROUPS)[number];
export type Sidebar = Record<SidebarGroup, SidebarItem[]>;

export interface Footer {
  socialLinks: { twitter: string | null; facebook: string | null; linkedIn: string | null; instagram: string | null };
  contactFields: {
    emailAddress: string | null;
    organizationName: string | null;
    phoneNumber: string | null;
    poBox: string | null;
  };
  /** The society's legal (postal) address, one line per line. */
  address: string | null;
  /** The society's VAT registration number, printed on receipts and invoices; null when not registered. */
  vatNumber: string | null;
  links: { title: string; page: PageRef | null }[];
}

export interface NavLinkItem {
  label: string;
  page: PageRef | null;
  childPages: PageRef[];
}

export interface Navigation {
  navLinkItems: NavLinkItem[];
}

/** The five shared-layout queries every page loads. */
export interface LayoutData {
  global: GlobalSettings;
  globalSeo: GlobalSeo;
  sidebar: Sidebar;
  footer: Footer;
  navigation: Navigation;
}

/**
 * An old address editors keep working (the CMS's Redirects): `from` is a path on this site,
 * `to` a path here or, only when `external`, an address on another site.
 */
export interface Redirect {
  from: string;
  to: string;
  /** 301 when true, 302 when false. */
  permanent: boolean;
  external: boolean;
}
