/**
 * Find a practitioner, for the public (no sign-in, no JavaScript needed):
 *   GET  /find-a-practitioner?place=…&near=me|lat,lng&radius=…&service=…&after=…   the search
 *   GET  /find-a-practitioner/:id                                                   a profile
 *   GET  /find-a-practitioner/:id/photo/:version                                    its photo (while shown)
 *   POST /find-a-practitioner/contact                                               a patient's message
 *   GET  /find-a-practitioner/contact/confirm?message=…                              a held message's confirmation
 *   POST /find-a-practitioner/contact/confirm?message=…                              sends it
 * Searches from a place and profiles are the same for every visitor, so the edge cache keeps them
 * (a minute at most, and keyed by the listings' generation: middleware/edge-cache). A search near
 * the visitor's approximate location depends on where the request comes from and is never kept.
 */
import { Hono, type Context } from "hono";
import { AppError } from "../errors";
import { HELD_CONTACT_HOURS, contactProblems, sentContact } from "../shared/contact-form";
import { londonDate } from "../shared/london-date";
import { parseSearchQuery } from "../shared/practitioner-search-query";
import type { ApproximateLocation } from "../services/practitioners/find-service";
import { soonestShownUntil } from "../services/practitioners/shown-until";
import { PRACTITIONER_CONTACT_CONFIRM_PATH, PRACTITIONER_CONTACT_PATH } from "../services/practitioners/contact-paths";
import type { HonoEnv } from "../types";
import { FindContent, profilePath } from "../views/practitioners/find-content";
import { PHOTO_VERSION_PATTERN } from "../views/practitioners/photo";
import { ContactConfirmContent, type ContactConfirmState } from "../views/practitioners/contact-confirm-content";
import { ProfileContent, type ContactFormState } from "../views/practitioners/profile-content";

const confirmPathOf = (holdId: string) => `${PRACTITIONER_CONTACT_CONFIRM_PATH}?${new URLSearchParams({ message: holdId })}`;
const HOLD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const holdIdOf = (c: Context<HonoEnv>) => {
  const id = c.req.query("message") ?? "";
  return HOLD_ID.test(id) ? id : null;
};

async function confirmPage(c: Context<HonoEnv>, state: ContactConfirmState) {
  return c.render(<ContactConfirmContent state={state} />, {
    layout: await c.var.services.content.layout(),
    head: { pageTitle: state.step === "confirm" ? "Send your message" : "Your message", noindex: true },
    section: null,
    isPrivate: true,
    status: state.step === "gone" || state.step === "not-listed" ? 404 : state.step === "limited" ? 429 : 200,
  });
}

/** The request's approximate location as Cloudflare reports it (absent locally and in most tests). */
function approximateLocation(c: Context<HonoEnv>): ApproximateLocation | null {
  const cf = c.req.raw.cf as { latitude?: unknown; longitude?: unknown; country?: unknown; city?: unknown } | undefined;
  const lat = Number(cf?.latitude);
  const lng = Number(cf?.longitude);
  if (typeof cf?.latitude !== "string" || typeof cf?.longitude !== "string" || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { lat, lng, country: typeof cf.country === "string" ? cf.country : "GB", city: typeof cf.city === "string" ? cf.city : null };
}

const typedOf = (query: Record<string, string>) =>
  Object.fromEntries(Object.entries(query).filter(([key, value]) => ["place", "near", "radius", "service", "condition", "language", "appointment", "sees", "access"].includes(key) && value.length <= 100));

async function profilePage(c: Context<HonoEnv>, id: number, contact: ContactFormState, status: 200 | 400 | 429 = 200) {
  const services = c.var.services;
  const [layout, listing] = await Promise.all([services.content.layout(), services.practitioners.find.profile(id)]);
  if (!listing) throw new AppError("NOT_FOUND", "There is no practitioner listed at this address");
  const societyName = layout.footer.contactFields.organizationName ?? c.var.config.site.name;
  const url = `${c.var.config.site.url}${profilePath(id)}`;
  const quiet = contact.sent === null && contact.notice === null;
  return c.render(
    <ProfileContent
      listing={listing}
      mark={{ memberNumber: listing.memberNumber, checkedOn: londonDate(new Date()) }}
      societyName={societyName}
      url={url}
      contact={{ ...contact, siteKey: c.var.config.turnstile.siteKey, action: PRACTITIONER_CONTACT_PATH }}
    />,
    {
      layout,
      head: { pageTitle: `${listing.displayName}${listing.professionalTitle ? `, ${listing.professionalTitle}` : ""}`, pageDescription: `${listing.displayName} is a member of ${societyName}.` },
      section: null,
      // A profile with nothing sent is the same for everyone; after a message, it is this visitor's.
      isPrivate: !quiet,
      ...(quiet ? { shareable: "clock" as const, shareUntil: soonestShownUntil([listing]) } : {}),
      status,
    },
  );
}

const CONTACT_REFUSALS = {
  bot: { status: 400, field: "bot", message: "The bot check did not pass. Please try again." },
  "limited-address": { status: 429, field: "message", message: "You have sent several messages in a short time. Please wait a minute and try again." },
  "limited-practitioner": { status: 429, field: "message", message: "This practitioner has had many messages today. Please try again tomorrow, or phone the practice." },
  "limited-waiting": {
    status: 429,
    field: "email",
    message: `Messages from this address are already waiting for you to confirm them: open the links we e-mailed you, or try again in ${HELD_CONTACT_HOURS} hours.`,
  },
} as const;

const NOTICES = {
  sent: "Your message has been sent. We have e-mailed you a copy.",
  held: `Nearly done: we have e-mailed you a link. Your message is sent only when you open it and confirm, within ${HELD_CONTACT_HOURS} hours. The e-mail is also your copy.`,
} as const;

export const findPractitionerRoutes = new Hono<HonoEnv>()
  .get("/find-a-practitioner", async (c) => {
    const services = c.var.services;
    const typed = typedOf(c.req.query());
    const parsed = parseSearchQuery(c.req.query());
    const approximate = approximateLocation(c);
    // "Near me", or a search sent with no place: answered from where the request comes from.
    // The bare address (nothing asked yet) is the same for everyone.
    const asked = c.req.query("place") !== undefined || c.req.query("near") !== undefined;
    const dependsOnRequest = parsed.ok && (parsed.query.near === "me" || (asked && !parsed.query.place && parsed.query.near === null));
    const screen = {
      head: { pageTitle: "Find a practitioner", pageDescription: "Find a physiotherapist near you: every practitioner listed is a current member of the society." },
      section: null,
      isPrivate: c.var.session !== null || dependsOnRequest,
      ...(dependsOnRequest ? {} : { shareable: "clock" as const }),
      islands: ["find-practitioner" as const],
    };
    const [layout, settings] = await Promise.all([services.content.layout(), services.practitioners.find.lists()]);
    if (!parsed.ok) {
      return c.render(<FindContent typed={typed} query={null} lists={settings} answer={null} problem={parsed} />, { layout, ...screen, shareable: undefined, status: 400 });
    }
    const answer = asked ? await services.practitioners.find.find(parsed.query, approximate) : null;
    const shown = answer?.kind === "results" ? answer.page.results.map((r) => r.listing) : [];
    return c.render(<FindContent typed={typed} query={parsed.query} lists={settings} answer={answer} problem={null} />, { layout, ...screen, shareUntil: soonestShownUntil(shown) });
  })
  .get("/find-a-practitioner/:id{[0-9]{1,12}}", async (c) => {
    const notice = c.req.query("sent") === "1" ? NOTICES.sent : c.req.query("held") === "1" ? NOTICES.held : null;
    return profilePage(c, Number(c.req.param("id")), { sent: null, problems: [], notice });
  })
  .get(`/find-a-practitioner/:id{[0-9]{1,12}}/photo/:version{${PHOTO_VERSION_PATTERN}}`, async (c) => {
    const photo = await c.var.services.practitioners.find.photo(Number(c.req.param("id")), c.req.param("version"));
    if (!photo) throw new AppError("NOT_FOUND", "There is no such photo");
    return new Response(photo.body, {
      headers: {
        "Content-Type": photo.type,
        "Content-Length": String(photo.size),
        // The address holds the photo's version: a new photo has a new address, so this one never changes.
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  })
  .post(PRACTITIONER_CONTACT_PATH, async (c) => {
    const body = await c.req.parseBody();
    const id = Number(typeof body.listing === "string" ? body.listing : "");
    if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("BAD_REQUEST", "The form did not say which practitioner to write to");
    const sent = sentContact(body);
    const problems = contactProblems(sent);
    if (problems.length > 0) return profilePage(c, id, { sent, problems, notice: null }, 400);
    const outcome = await c.var.services.practitioners.contact.send(id, sent, { profile: profilePath(id), confirm: confirmPathOf });
    if (outcome === "not-listed") throw new AppError("NOT_FOUND", "There is no practitioner listed at this address");
    if (outcome !== "sent" && outcome !== "held") {
      const refusal = CONTACT_REFUSALS[outcome];
      return profilePage(c, id, { sent, problems: [{ field: refusal.field, message: refusal.message }], notice: null }, refusal.status);
    }
    c.header("Cache-Control", "private, no-store");
    return c.redirect(`${profilePath(id)}?${outcome}=1`, 303);
  })
  .get(PRACTITIONER_CONTACT_CONFIRM_PATH, async (c) => {
    const id = holdIdOf(c);
    const held = id ? await c.var.services.practitioners.contact.held(id) : null;
    if (!id || !held) return confirmPage(c, { step: "gone" });
    return confirmPage(c, { step: "confirm", practitionerName: held.practitionerName, senderName: held.senderName, message: held.message, action: confirmPathOf(id) });
  })
  .post(PRACTITIONER_CONTACT_CONFIRM_PATH, async (c) => {
    const id = holdIdOf(c);
    const outcome = id ? await c.var.services.practitioners.contact.confirm(id, profilePath) : { kind: "gone" as const };
    if (outcome.kind === "gone" || outcome.kind === "not-listed") return confirmPage(c, { step: outcome.kind });
    if (outcome.kind === "limited-practitioner") return confirmPage(c, { step: "limited", profilePath: profilePath(outcome.listingId) });
    c.header("Cache-Control", "private, no-store");
    return c.redirect(`${profilePath(outcome.listingId)}?sent=1`, 303);
  });
