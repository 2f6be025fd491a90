/**
 * Who may watch a webinar, and what they get now (docs/decisions/0008). Entitled: a signed-in
 * user who owns it (a paid or free order, a bundle's included) or to whom it is free now (by
 * date or membership, per the pricing rules). Visitors never are: watching needs an account.
 * - The Zoom link only to the entitled, and only around the live event: from an hour before it
 *   starts until it ends.
 * - The Vimeo recording (embedded through Vimeo's do-not-track player) or playlist only to the
 *   entitled, once the event has ended.
 * The links themselves are read here and nowhere else; views get them only in a result of kind
 * "live" or "recording".
 */
import type { Entitlement, WebinarAccess } from "../../domain/orders";
import type { WebinarAccessLinks } from "../../domain/content";
import { webinarOffer, type Viewer } from "../../shared/pricing/webinar-offer";
import type { WebinarPricing } from "../../shared/pricing/webinar-terms";

export const JOIN_OPENS_MINUTES_BEFORE = 60;


export function entitlementFor(
  webinar: WebinarPricing & { id: string },
  viewer: Viewer,
  owned: ReadonlySet<string>,
  now: Date,
): Entitlement {
  if (viewer === "visitor") return null;
  if (owned.has(webinar.id)) return "owned";
  return webinarOffer(webinar, viewer, now).price.kind === "free" ? "free" : null;
}

/** Vimeo's player URL with do-not-track, for a vimeo.com or player.vimeo.com video link; null otherwise. */
export function vimeoEmbedUrl(link: string): string | null {
  if (!URL.canParse(link)) return null;
  const url = new URL(link);
  if (url.protocol !== "https:" || !/(^|\.)vimeo\.com$/.test(url.hostname)) return null;
  const id = /(?:^|\/)(?:video\/)?(\d{6,12})(?:\/([0-9a-f]{6,20}))?\/?$/.exec(url.pathname);
  if (!id) return null;
  const hash = id[2] ?? url.searchParams.get("h");
  return `https://player.vimeo.com/video/${id[1]}?dnt=1${hash ? `&h=${hash}` : ""}`;
}

const httpsOrNull = (link: string | null) => (link && URL.canParse(link) && new URL(link).protocol === "https:" ? link : null);

export function webinarAccess(
  webinar: { date: string; durationMinutes: number },
  links: WebinarAccessLinks,
  entitlement: Entitlement,
  now: Date,
): WebinarAccess {
  if (!entitlement) return { kind: "not-entitled" };
  const start = Date.parse(webinar.date);
  const end = start + Math.max(webinar.durationMinutes, 0) * 60_000;
  const at = now.getTime();
  if (Number.isNaN(start) || at < end) {
    const opensAt = start - JOIN_OPENS_MINUTES_BEFORE * 60_000;
    if (Number.isNaN(start) || at < opensAt) return { kind: "live-soon", opensAt: new Date(opensAt) };
    const zoomUrl = httpsOrNull(links.zoomUrl);
    return zoomUrl ? { kind: "live", zoomUrl, startsAt: new Date(start) } : { kind: "live-link-pending" };
  }
  const watchUrl = httpsOrNull(links.vimeoUrl);
  const playlistUrl = httpsOrNull(links.vimeoPlaylist);
  if (!watchUrl && !playlistUrl) return { kind: "recording-pending" };
  return { kind: "recording", embedUrl: watchUrl ? vimeoEmbedUrl(watchUrl) : null, watchUrl, playlistUrl };
}
