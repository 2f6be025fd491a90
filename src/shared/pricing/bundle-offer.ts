/**
 * What a bundle costs one viewer now. The rules:
 * - Each webinar is priced for the viewer with `webinarOffer`, and gets a status, first match wins:
 *   "owned" (its id is in `owned`), "covered-by-bundle" (its id is in `coveredElsewhere`: another
 *   bundle in the same cart already gives it), "not-on-sale", "free" (free to this viewer now),
 *   "payable". Only payable webinars are charged; the others cost nothing in the bundle.
 * - The bundle's discount (bundle-discount.ts) comes off the payable subtotal.
 * - A webinar listed twice counts once ("duplicate-bundle-webinar"); a bundle with no webinars
 *   is not on sale ("empty-bundle").
 * - The bundle's status: "payable" when something is left to pay after the discount; otherwise
 *   "free" when it gives the viewer something (a free webinar, or payable ones the discount
 *   covers in full); otherwise "not-on-sale" when a webinar the viewer lacks is not on sale (or
 *   there are none); otherwise "covered-by-bundle" when another bundle gives some of them;
 *   otherwise "owned". A bundle with some webinars not on sale stays on sale for the rest.
 */
import { bundleDiscount, bundleDiscountWarnings, type BundleDiscountTerms } from "./bundle-discount";
import type { CatalogueWarning } from "./warnings";
import { webinarOffer, type Viewer, type WebinarOffer } from "./webinar-offer";
import type { VatTreatment } from "./vat";
import type { WebinarPricing } from "./webinar-terms";

/** A webinar as a catalogue lists it (`WebinarSummary` fits). */
export interface CatalogueWebinar extends WebinarPricing {
  id: string;
  name: string;
  vatTreatment: VatTreatment;
}

/** A bundle as the CMS gives it (`WebinarBundle` fits). */
export interface CatalogueBundle extends BundleDiscountTerms {
  id: string;
  bundleName: string;
  vatTreatment: VatTreatment;
  webinars: readonly CatalogueWebinar[];
}

export type BundleLineStatus = "payable" | "free" | "owned" | "not-on-sale" | "covered-by-bundle";

export interface BundleLine {
  webinarId: string;
  name: string;
  status: BundleLineStatus;
  /** What this webinar adds to the subtotal: its price when payable, otherwise 0. */
  pence: number;
  offer: WebinarOffer;
}

export interface BundleOffer {
  status: BundleLineStatus;
  lines: BundleLine[];
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
  /** The Stripe coupon for the discount; null when no discount applies. */
  couponId: string | null;
  warnings: CatalogueWarning[];
}

const NONE: ReadonlySet<string> = new Set();

export function bundleOffer(
  bundle: CatalogueBundle,
  viewer: Viewer,
  now: Date,
  owned: ReadonlySet<string>,
  coveredElsewhere: ReadonlySet<string> = NONE,
): BundleOffer {
  const warnings: CatalogueWarning[] = bundleDiscountWarnings(bundle).map((w) => ({ ...w, kind: "bundle", id: bundle.id }));
  const lines: BundleLine[] = [];
  const seen = new Set<string>();
  for (const webinar of bundle.webinars) {
    if (seen.has(webinar.id)) {
      warnings.push({ code: "duplicate-bundle-webinar", message: `webinar ${webinar.id} is listed more than once; it counts once`, kind: "bundle", id: bundle.id });
      continue;
    }
    seen.add(webinar.id);
    const offer = webinarOffer(webinar, viewer, now);
    warnings.push(...offer.warnings.map((w): CatalogueWarning => ({ ...w, kind: "webinar", id: webinar.id })));
    const status = lineStatus(webinar.id, offer, owned, coveredElsewhere);
    const pence = status === "payable" && offer.price.kind === "paid" ? offer.price.pence : 0;
    lines.push({ webinarId: webinar.id, name: webinar.name, status, pence, offer });
  }
  if (lines.length === 0) warnings.push({ code: "empty-bundle", message: "the bundle has no webinars; it is not on sale", kind: "bundle", id: bundle.id });

  const subtotalPence = lines.reduce((sum, line) => sum + line.pence, 0);
  const discount = bundleDiscount(bundle, subtotalPence);
  const totalPence = subtotalPence - discount.pence;
  return {
    status: bundleStatus(lines, subtotalPence, totalPence),
    lines,
    subtotalPence,
    discountPence: discount.pence,
    totalPence,
    couponId: discount.couponId,
    warnings,
  };
}

function lineStatus(id: string, offer: WebinarOffer, owned: ReadonlySet<string>, coveredElsewhere: ReadonlySet<string>): BundleLineStatus {
  if (owned.has(id)) return "owned";
  if (coveredElsewhere.has(id)) return "covered-by-bundle";
  switch (offer.price.kind) {
    case "not-on-sale":
      return "not-on-sale";
    case "free":
      return "free";
    case "paid":
      return "payable";
  }
}

function bundleStatus(lines: readonly BundleLine[], subtotalPence: number, totalPence: number): BundleLineStatus {
  const has = (status: BundleLineStatus) => lines.some((line) => line.status === status);
  if (totalPence > 0) return "payable";
  if (subtotalPence > 0 || has("free")) return "free";
  if (lines.length === 0 || has("not-on-sale")) return "not-on-sale";
  if (has("covered-by-bundle")) return "covered-by-bundle";
  return "owned";
}
