/**
 * The member's public listing in Find a practitioner (apart from the members' directory):
 *   GET  /user/practice           the listing, whether it is shown and why not, the form
 *   POST /user/practice           save it, or (action=preview) show it as the public will see it
 *   POST /user/practice/unlist    stop showing it, at once (it stays saved)
 *   GET  /user/practice/photo/:v  the member's own photo (their form and preview, shown or not)
 * Members only to save; a member whose membership lapsed still sees their saved listing and why
 * it is not shown. Every page is private.
 */
import { Hono, type Context } from "hono";
import { AppError } from "../errors";
import { checkPhoto } from "../services/practitioners/photo-file";
import type { PhotoChange } from "../services/practitioners/practice-service";
import { sentFile } from "../services/vetting/document-file";
import { londonDate } from "../shared/london-date";
import { parsePractice, sentPractice, type SentPractice } from "../shared/practice-form";
import type { OwnListing, PracticeStanding } from "../domain/practitioners";
import type { SignedInEnv } from "../types";
import { MembersOnlyContent } from "../views/auth/members-only-content";
import type { FieldProblem } from "../views/forms/error-summary";
import { PHOTO_VERSION_PATTERN } from "../views/practitioners/photo";
import { PracticeFormContent } from "../views/practitioners/practice-form-content";
import { ProfileContent } from "../views/practitioners/profile-content";

const TITLE = "Your public listing";
const privateScreen = (title: string, status: 200 | 400 | 403 = 200) => ({ head: { pageTitle: title, noindex: true }, section: "userSettings" as const, isPrivate: true, status });

/** The saved listing as the form shows it. */
function sentFromOwn(own: OwnListing): SentPractice {
  const { listing } = own;
  const values = (kind: keyof typeof listing.tags) => listing.tags[kind].map((c) => c.value);
  return {
    listed: own.id === null ? true : own.listed,
    displayName: listing.displayName,
    professionalTitle: listing.professionalTitle ?? "",
    bio: listing.bio ?? "",
    languages: listing.tags.language.map((l) => l.label).join(", "),
    chosen: { service: values("service"), condition: values("condition"), appointment: values("appointment"), sees: values("sees"), access: values("access") },
    locations: [0, 1, 2].map((i) => {
      const loc = listing.locations[i];
      // The position is shown in the form only when the member set it: a town's is worked out again on save.
      const own = loc?.placedBy === "member" && loc.position;
      return {
        name: loc?.name ?? "",
        address: loc?.address ?? "",
        town: loc?.town ?? "",
        postcode: loc?.postcode ?? "",
        phone: loc?.phone ?? "",
        website: loc?.website ?? "",
        bookingUrl: loc?.bookingUrl ?? "",
        lat: own ? String(loc.position!.lat) : "",
        lng: own ? String(loc.position!.lng) : "",
      };
    }),
  };
}

async function standingOf(c: Context<SignedInEnv>): Promise<PracticeStanding> {
  const session = c.var.session;
  return c.var.services.practitioners.practice.standing(session.userId, session.email ?? "", "");
}

async function formPage(c: Context<SignedInEnv>, standing: PracticeStanding, sent: SentPractice, problems: FieldProblem[], photoChosen = false) {
  const [layout, lists] = await Promise.all([c.var.services.content.layout(), c.var.services.practitioners.find.lists()]);
  const saved = c.req.query("saved");
  const notice = problems.length ? null : saved === "1" ? "Your listing has been saved." : saved === "unlisted" ? "Your listing is no longer shown." : null;
  return c.render(
    <PracticeFormContent
      standing={standing}
      sent={sent}
      lists={lists}
      problems={problems}
      notice={notice}
      photoChosen={photoChosen}
      warning={c.req.query("unplaced") ? `We could not find the town of: ${c.req.query("unplaced")}. That practice is shown without a distance until you correct its town or set its position.` : null}
      csrfToken={await c.var.csrfToken()}
      societyName={layout.footer.contactFields.organizationName ?? c.var.config.site.name}
    />,
    { layout, ...privateScreen(problems.length ? `There is a problem — ${TITLE}` : TITLE, problems.length ? 400 : 200), islands: ["practice-photo" as const] },
  );
}

async function membersOnly(c: Context<SignedInEnv>) {
  const layout = await c.var.services.content.layout();
  return c.render(<MembersOnlyContent title={TITLE} email={c.var.session.email ?? null} />, { layout, ...privateScreen(TITLE, 403) });
}

export const userPracticeRoutes = new Hono<SignedInEnv>()
  .get("/user/practice", async (c) => {
    const standing = await standingOf(c);
    if (standing.own.id === null && !(await c.var.isMember())) return membersOnly(c);
    return formPage(c, standing, sentFromOwn(standing.own), []);
  })
  .post("/user/practice", async (c) => {
    if (!(await c.var.isMember())) return membersOnly(c);
    const body = await c.req.parseBody({ all: true });
    const sent = sentPractice(body);
    const services = c.var.services.practitioners;
    const [standing, lists] = await Promise.all([standingOf(c), services.find.lists()]);
    const parsed = parsePractice(sent, lists);
    const file = sentFile(body.photo);
    const photo = await checkPhoto(file);
    const problems = [...(parsed.ok ? [] : parsed.problems), ...(photo && !photo.ok ? [{ field: "photo", message: photo.message }] : [])];
    if (!parsed.ok || problems.length > 0) return formPage(c, standing, sent, problems, photo !== null);
    const email = c.var.session.email ?? "";
    if (body.action === "preview") {
      const listing = await services.practice.preview(parsed.practice, email);
      const layout = await c.var.services.content.layout();
      const societyName = layout.footer.contactFields.organizationName ?? c.var.config.site.name;
      return c.render(
        <>
          <p className="notice" role="status">
            This is a preview of your public page. Nothing is saved yet: go back to your listing to save it.
          </p>
          <ProfileContent
            listing={{ ...listing, id: standing.own.id, memberNumber: null, photo: body.removePhoto === "on" ? null : (standing.own.listing.photo ?? null) }}
            mark={{ memberNumber: null, checkedOn: londonDate(new Date()) }}
            societyName={societyName}
            url=""
            contact={null}
          />
        </>,
        { layout, ...privateScreen(`Preview — ${TITLE}`) },
      );
    }
    const change: PhotoChange = photo?.ok ? { kind: "replace", photo: photo.photo } : body.removePhoto === "on" ? { kind: "remove" } : { kind: "keep" };
    const { unplaced } = await services.practice.save(c.var.session.userId, email, parsed.practice, change);
    c.header("Cache-Control", "private, no-store");
    const query = unplaced.length ? `&unplaced=${encodeURIComponent(unplaced.join(", "))}` : "";
    return c.redirect(`/user/practice?saved=1${query}`, 303);
  })
  .get(`/user/practice/photo/:version{${PHOTO_VERSION_PATTERN}}`, async (c) => {
    const photo = await c.var.services.practitioners.practice.ownPhoto(c.var.session.userId, c.req.param("version"));
    if (!photo) throw new AppError("NOT_FOUND", "There is no such photo");
    return new Response(photo.body, {
      headers: { "Content-Type": photo.type, "Content-Length": String(photo.size), "Cache-Control": "private, max-age=3600", "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'; sandbox" },
    });
  })
  .post("/user/practice/unlist", async (c) => {
    await c.var.services.practitioners.practice.unlist(c.var.session.userId);
    c.header("Cache-Control", "private, no-store");
    return c.redirect("/user/practice?saved=unlisted", 303);
  });
