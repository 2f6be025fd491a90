/**
 * Find a practitioner through the Worker with D1 and the real CMS: who is listed (a lapse, a
 * dispute, a type that may not be listed or a staff hiding removes a listing at once; a renewal
 * brings it back), distance order from the gazetteer's towns, each filter, "near me" from the
 * request's location, the profile's structured data, the contact form's bot check and rate
 * limits, bad input, the member's own listing and the staff's list. Other practitioners are D1
 * rows made directly; each test's rows carry a language of their own, and its searches filter by
 * it, so no test sees another's.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import { unitVector } from "../../src/shared/geo";
import { TURNSTILE_TEST_FAILING_SECRET_KEY } from "../../src/shared/turnstile-keys";
import { NOT_PHOTOS, PHOTOS } from "../fixtures/photos";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";
import { signedInStaff } from "../support/worker/staff";

const PLACES = {
  exeter: { town: "Exeter", lat: 50.7236, lng: -3.52751 },
  bristol: { town: "Bristol", lat: 51.45523, lng: -2.59665 },
  plymouth: { town: "Plymouth", lat: 50.37153, lng: -4.14305 },
  leeds: { town: "Leeds", lat: 53.79648, lng: -1.54785 },
} as const;

let seq = 0;
/** A language no other test's practitioners speak: this test's searches filter by it. */
const uniqueLanguage = () => `lang${`${Date.now().toString(36)}x${(seq++).toString(36)}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`;

interface Options {
  at?: keyof typeof PLACES;
  language: string;
  tags?: [kind: string, value: string][];
  status?: string;
  periodEnd?: string | null;
  slug?: string;
  listed?: boolean;
  memberNumber?: number;
}

/** A member with a public listing, made in D1 directly. */
async function practitioner(name: string, o: Options) {
  const userId = `practitioner-${crypto.randomUUID()}`;
  const email = `${userId}@guild.example`;
  const place = PLACES[o.at ?? "exeter"];
  const v = unitVector(place);
  await env.DB.prepare(
    "INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end, member_number) VALUES (?1, ?2, ?3, 'Full member', ?4, 'offline', ?5, ?6)",
  )
    .bind(userId, email, o.slug ?? "full-member", o.status ?? "active", o.periodEnd ?? null, o.memberNumber ?? null)
    .run();
  const row = await env.DB.prepare(
    "INSERT INTO practitioner_listings (user_id, listed, display_name, professional_title, bio, contact_email) VALUES (?1, ?2, ?3, 'Chartered physiotherapist', 'Twenty years in practice.', ?4) RETURNING id",
  )
    .bind(userId, o.listed === false ? 0 : 1, name, email)
    .first<{ id: number }>();
  const id = row!.id;
  const tags: [string, string][] = [["language", o.language], ...(o.tags ?? [])];
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO practitioner_locations (listing_id, position, name, address, town, postcode, lat, lng, x, y, z, placed_by) VALUES (?1, 0, ?2, '1 High Street', ?3, 'EX1 1AA', ?4, ?5, ?6, ?7, ?8, 'town')",
    ).bind(id, `${name} Clinic`, place.town, place.lat, place.lng, v.x, v.y, v.z),
    ...tags.map(([kind, value]) => env.DB.prepare("INSERT INTO practitioner_listing_tags (listing_id, kind, value, label) VALUES (?1, ?2, ?3, ?3)").bind(id, kind, value)),
  ]);
  return { id, userId, email };
}

const search = async (query: string) => {
  const response = await new TestBrowser().fetch(`/find-a-practitioner?${query}`);
  return { status: response.status, html: await response.text(), response };
};

/** Listing names in the order the results show them. */
const names = (html: string) => [...html.matchAll(/<h2 class="practitioner-result__name"><a href="\/find-a-practitioner\/\d+">([^<]+)<\/a>/g)].map((m) => m[1]);

describe("who is listed", () => {
  it("removes a lapsed member's listing at once and brings it back on renewal", async () => {
    const language = uniqueLanguage();
    const ada = await practitioner("Ada Listed", { language });
    const query = `place=Exeter&language=${language}`;
    expect(names((await search(query)).html)).toEqual(["Ada Listed"]);
    // Kept at the edge now: the lapse must still show on the next page.
    expect((await search(query)).response.headers.get("X-Edge-Cache")).toBe("hit");

    await env.DB.prepare("UPDATE memberships SET status = 'lapsed' WHERE user_id = ?1").bind(ada.userId).run();
    const lapsed = await search(query);
    expect(names(lapsed.html)).toEqual([]);
    expect(lapsed.html).not.toContain("Ada Listed");
    expect((await new TestBrowser().fetch(`/find-a-practitioner/${ada.id}`)).status).toBe(404);

    const renewedTo = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
    await env.DB.prepare("UPDATE memberships SET status = 'active', period_end = ?2 WHERE user_id = ?1").bind(ada.userId, renewedTo).run();
    expect(names((await search(query)).html)).toEqual(["Ada Listed"]);
    expect((await new TestBrowser().fetch(`/find-a-practitioner/${ada.id}`)).status).toBe(200);
  });

  it("removes a member the membership office suspends at once and brings them back when reinstated", async () => {
    const language = uniqueLanguage();
    const sue = await practitioner("Suspended Sue", { language });
    const query = `place=Exeter&language=${language}`;
    expect(names((await search(query)).html)).toEqual(["Suspended Sue"]);
    expect((await search(query)).response.headers.get("X-Edge-Cache")).toBe("hit");

    await env.DB.prepare("UPDATE memberships SET suspended_on = '2026-11-27', suspension_reason = 'Under investigation' WHERE user_id = ?1").bind(sue.userId).run();
    const suspended = await search(query);
    expect(names(suspended.html)).toEqual([]);
    expect(suspended.html).not.toContain("Suspended Sue");
    expect((await new TestBrowser().fetch(`/find-a-practitioner/${sue.id}`)).status).toBe(404);

    await env.DB.prepare("UPDATE memberships SET suspended_on = NULL, suspension_reason = NULL WHERE user_id = ?1").bind(sue.userId).run();
    expect(names((await search(query)).html)).toEqual(["Suspended Sue"]);
  });

  it("shows no one past their period and grace, with an open dispute, of a type not listed, not opted in, or hidden by staff", async () => {
    const language = uniqueLanguage();
    await practitioner("Shown Sam", { language });
    await practitioner("Past Grace", { language, periodEnd: new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10) });
    const disputed = await practitioner("Disputed Dan", { language });
    await env.DB.prepare("INSERT INTO disputes (id, source, payment_id, user_id, amount_pence, reason, status) VALUES (?1, 'membership', 'pay_test', ?2, 100, 'fraudulent', 'open')")
      .bind(`dp_${crypto.randomUUID()}`, disputed.userId)
      .run();
    await practitioner("Associate Alf", { language, slug: "associate" });
    await practitioner("Unlisted Una", { language, listed: false });
    const hidden = await practitioner("Hidden Hal", { language });
    await env.DB.prepare("UPDATE practitioner_listings SET hidden_reason = 'test', hidden_at = '2026-01-01T00:00:00Z' WHERE id = ?1").bind(hidden.id).run();

    const { html } = await search(`place=Exeter&language=${language}`);
    expect(names(html)).toEqual(["Shown Sam"]);
    for (const name of ["Past Grace", "Disputed Dan", "Associate Alf", "Unlisted Una", "Hidden Hal"]) expect(html).not.toContain(name);
  });
});

describe("the search", () => {
  it("lists an Exeter practice before a Bristol one when searching from Exeter, with distances in miles", async () => {
    const language = uniqueLanguage();
    await practitioner("Bristol Bea", { language, at: "bristol" });
    await practitioner("Exeter Eve", { language, at: "exeter" });
    await practitioner("Leeds Len", { language, at: "leeds" });
    const { html, status } = await search(`place=Exeter&radius=100&language=${language}`);
    expect(status).toBe(200);
    expect(names(html)).toEqual(["Exeter Eve", "Bristol Bea"]);
    expect(html.replaceAll("<!-- -->", "")).toMatch(/Bristol Bea Clinic, Bristol · 6[0-9] miles away/);
    // From Bristol the order turns round.
    expect(names((await search(`place=Bristol&radius=100&language=${language}`)).html)).toEqual(["Bristol Bea", "Exeter Eve"]);
  });

  it("draws the results on a small map from shipped data, numbered as the list, with a text alternative, and links each practice to the visitor's map app", async () => {
    const language = uniqueLanguage();
    await practitioner("Map Bristol", { language, at: "bristol" });
    const exeter = await practitioner("Map Exeter", { language, at: "exeter" });
    const { html } = await search(`place=Exeter&radius=100&language=${language}`);
    const text = html.replaceAll("<!-- -->", "");
    const map = text.match(/<figure class="practitioners__map">[\s\S]*?<\/figure>/)?.[0];
    expect(map).toBeDefined();
    expect(map).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="results-map-title"/);
    // The text alternative names each marker by its number, with its distance and direction.
    expect(map).toMatch(/<title id="results-map-title">Where the practices are from Exeter, Devon, north at the top, within 100 miles: 1, Map Exeter, [^;]*; 2, Map Bristol, 6\d miles north-east\.<\/title>/);
    expect([...map!.matchAll(/<g class="map__marker">.*?<text[^>]*>(\d+)<\/text><\/g>/g)].map((m) => m[1])).toEqual(["2", "1"]);
    // Nothing fetched from elsewhere: the map is the page's own markup.
    expect(map).not.toMatch(/https?:\/\//);
    expect(map!.length).toBeLessThan(3_000);
    expect(text).toMatch(/<span class="practitioner-result__number" aria-hidden="true">1<\/span>/);

    const profile = (await (await new TestBrowser().fetch(`/find-a-practitioner/${exeter.id}`)).text()).replaceAll("<!-- -->", "");
    expect(profile).toContain('href="geo:50.72360,-3.52751?q=50.72360,-3.52751(Map%20Exeter%20Clinic)"');
    expect(profile).toContain('href="https://www.openstreetmap.org/?mlat=50.72360&amp;mlon=-3.52751#map=16/50.72360/-3.52751"');
    expect(profile).toContain("the pin is the centre of Exeter");
  });

  it("draws no map for a single result: the list says it all", async () => {
    const language = uniqueLanguage();
    await practitioner("Only Olive", { language, at: "exeter" });
    const { html } = await search(`place=Exeter&language=${language}`);
    expect(names(html)).toEqual(["Only Olive"]);
    expect(html).not.toContain("practitioners__map");
  });

  it("filters by service, condition, appointment, who they see, accessibility and language", async () => {
    const language = uniqueLanguage();
    const filters: [string, string][] = [
      ["service", "sports-injuries"],
      ["condition", "back-pain"],
      ["appointment", "home-visits"],
      ["sees", "children"],
      ["access", "step-free"],
    ];
    for (const [kind, value] of filters) await practitioner(`Has ${kind}`, { language, tags: [[kind, value]] });
    for (const [kind, value] of filters) {
      expect(names((await search(`place=Exeter&language=${language}&${kind}=${value}`)).html), kind).toEqual([`Has ${kind}`]);
    }
    expect(names((await search(`place=Exeter&language=${uniqueLanguage()}`)).html)).toEqual([]);
  });

  it("pages by key: Next page continues where the first page ended", async () => {
    const language = uniqueLanguage();
    for (let i = 0; i < 12; i++) await practitioner(`Pager ${String(i).padStart(2, "0")}`, { language, at: i % 2 ? "exeter" : "plymouth" });
    const first = await search(`place=Exeter&radius=100&language=${language}`);
    const shown = names(first.html);
    expect(shown).toHaveLength(10);
    const next = /<a rel="next" href="([^"]+)"/.exec(first.html)?.[1]?.replaceAll("&amp;", "&");
    expect(next).toBeTruthy();
    const second = names(await (await new TestBrowser().fetch(next!)).text());
    expect(second).toHaveLength(2);
    expect(new Set([...shown, ...second]).size).toBe(12);
    // Exeter's six come before Plymouth's six.
    expect(shown.slice(0, 6).every((n) => Number(n!.slice(-2)) % 2 === 1)).toBe(true);
  });

  it("searches near the visitor's approximate location from the request, and never keeps that page at the edge", async () => {
    const language = uniqueLanguage();
    await practitioner("Leeds Lou", { language, at: "leeds" });
    await practitioner("Exeter Ed", { language, at: "exeter" });
    const ctx = createExecutionContext();
    const request = new Request(`http://localhost/find-a-practitioner?near=me&radius=50&language=${language}`, {
      headers: { "CF-Connecting-IP": "198.51.100.77" },
      cf: { latitude: "53.80", longitude: "-1.55", country: "GB", city: "Leeds" },
    });
    const response = await worker.fetch(request, env, ctx);
    const html = await response.text();
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    expect(names(html)).toEqual(["Leeds Lou"]);
    expect(html).toContain("near Leeds (your approximate location)");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    // Without a location from the request, the visitor is asked for their town.
    const unknown = await search(`near=me&language=${language}`);
    expect(unknown.html).toContain("We could not tell where you are");
  });

  it("says it could not find an unknown place and suggests names, and that postcodes cannot be looked up yet", async () => {
    const unknown = await search("place=Exetr");
    expect(unknown.status).toBe(200);
    expect(unknown.html).toContain("We could not find that place");
    expect(unknown.html).toContain(">Exeter, Devon</a>");
    const postcode = await search("place=EX4+3SR");
    expect(postcode.html).toContain("We cannot look up postcodes yet");
    expect(postcode.html).toContain("Places from <a href=\"https://www.geonames.org/\">GeoNames</a>");
  });

  it("refuses a malformed place, distance, filter or page link with a clear message", async () => {
    const cases: [string, string][] = [
      ["place=%3Cscript%3E", "Enter a town or postcode using letters, numbers and spaces"],
      ["place=Exeter&radius=7", "Choose a distance of 5, 10, 25, 50, 100 miles"],
      ["place=Exeter&service=Not%20a%20key", "Choose from the list"],
      ["place=Exeter&after=garbage", "This page link is broken"],
      ["near=91.5,0", "The location could not be read"],
    ];
    for (const [query, message] of cases) {
      const { status, html } = await search(query);
      expect(status, query).toBe(400);
      expect(html, query).toContain(message);
    }
  });
});

describe("a profile", () => {
  it("carries the society's mark and schema.org data, and never the member's e-mail address", async () => {
    const language = uniqueLanguage();
    const grace = await practitioner("Grace Profile", { language, memberNumber: 4242, tags: [["service", "sports-injuries"]] });
    const response = await new TestBrowser().fetch(`/find-a-practitioner/${grace.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.replaceAll("<!-- -->", "")).toMatch(/Member of [^<]+<\/strong>, membership number 4242, checked on/);
    expect(html).not.toContain(grace.email);
    const json = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(json!) as Record<string, any>;
    expect(data["@type"]).toBe("Physiotherapist");
    expect(data.name).toBe("Grace Profile");
    expect(data.location[0]["@type"]).toBe("MedicalBusiness");
    expect(data.location[0].address).toMatchObject({ "@type": "PostalAddress", addressLocality: "Exeter", postalCode: "EX1 1AA" });
    expect(data.location[0].geo).toEqual({ "@type": "GeoCoordinates", latitude: 50.7236, longitude: -3.52751 });
    const sitemap = await (await new TestBrowser().fetch("/sitemap.xml")).text();
    expect(sitemap).toContain(`/find-a-practitioner/${grace.id}</loc>`);
  });
});

describe("the contact form", () => {
  const message = { name: "Alan Patient", email: "alan.patient@example.org", message: "Do you see patients with knee pain on Saturdays?" };
  const outboxFor = (to: string) => env.DB.prepare("SELECT kind FROM email_outbox WHERE recipient = ?1 ORDER BY kind").bind(to).all<{ kind: string }>();

  it("sends a message that passes the bot check to the member, with a copy to the patient", async () => {
    const language = uniqueLanguage();
    const p = await practitioner("Contact Cat", { language });
    const sent = await new TestBrowser().fetch("/find-a-practitioner/contact", {
      method: "POST",
      body: new URLSearchParams({ listing: String(p.id), ...message, "cf-turnstile-response": "XXXX.DUMMY.TOKEN.XXXX" }),
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(`/find-a-practitioner/${p.id}?sent=1`);
    expect((await outboxFor(p.email)).results.map((r) => r.kind)).toEqual(["practitioner-contact"]);
    expect((await outboxFor(message.email)).results.map((r) => r.kind)).toContain("practitioner-contact-copy");
  });

  it("refuses a message whose bot check fails, beside the check, keeping what was typed and writing nothing", async () => {
    const p = await practitioner("Bot Bea", { language: uniqueLanguage() });
    const patient = { ...message, email: `bot-${crypto.randomUUID()}@example.org` };
    // Turnstile's documented secret that fails every token.
    const refused = await new TestBrowser({ TURNSTILE_SECRET_KEY: TURNSTILE_TEST_FAILING_SECRET_KEY }).fetch("/find-a-practitioner/contact", {
      method: "POST",
      body: new URLSearchParams({ listing: String(p.id), ...patient, "cf-turnstile-response": "XXXX.DUMMY.TOKEN.XXXX" }),
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("The bot check did not pass. Please try again.");
    expect(html).toContain(message.message);
    expect((await outboxFor(p.email)).results).toEqual([]);
    expect((await outboxFor(patient.email)).results).toEqual([]);
  });

  /** The confirmation e-mail written to `to` for this practitioner: its link's path. */
  const confirmPathFor = async (to: string, practitionerName: string) => {
    const { results } = await env.DB.prepare("SELECT data FROM email_outbox WHERE recipient = ?1 AND kind = 'practitioner-contact-confirm' ORDER BY created_at")
      .bind(to)
      .all<{ data: string }>();
    const links = results.map((r) => JSON.parse(r.data) as { practitionerName: string; confirmPath: string }).filter((d) => d.practitionerName === practitionerName);
    return links.at(-1)?.confirmPath ?? null;
  };

  it("without JavaScript (no bot-check token) holds the message and e-mails the patient a one-time link; it reaches the practitioner only once confirmed", async () => {
    const p = await practitioner("Nojs Nell", { language: uniqueLanguage() });
    const patient = { ...message, email: `patient-${crypto.randomUUID()}@example.org` };
    const browser = new TestBrowser();
    const held = await browser.fetch("/find-a-practitioner/contact", { method: "POST", body: new URLSearchParams({ listing: String(p.id), ...patient }) });
    expect(held.status).toBe(303);
    expect(held.headers.get("Location")).toBe(`/find-a-practitioner/${p.id}?held=1`);
    expect(await (await browser.fetch(held.headers.get("Location")!)).text()).toContain("we have e-mailed you a link. Your message is sent only when you open it and confirm");
    expect((await outboxFor(p.email)).results).toEqual([]);
    expect((await outboxFor(patient.email)).results.map((r) => r.kind)).toEqual(["practitioner-contact-confirm"]);
    const confirmPath = await confirmPathFor(patient.email, "Nojs Nell");
    expect(confirmPath).toMatch(/^\/find-a-practitioner\/contact\/confirm\?message=[0-9a-f-]{36}$/);

    // Opening the link (as a mail scanner would) sends nothing: the page asks.
    const page = await new TestBrowser().fetch(confirmPath!);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("private");
    const html = await page.text();
    expect(html).toContain("Send your message to Nojs Nell?");
    expect(html).toContain("knee pain on Saturdays");
    expect(html).toContain('<meta name="robots" content="noindex');
    expect((await outboxFor(p.email)).results).toEqual([]);

    const confirmed = await new TestBrowser().fetch(confirmPath!, { method: "POST", body: new URLSearchParams({}) });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe(`/find-a-practitioner/${p.id}?sent=1`);
    expect((await outboxFor(p.email)).results.map((r) => r.kind)).toEqual(["practitioner-contact"]);
    const delivered = await env.DB.prepare("SELECT data FROM email_outbox WHERE recipient = ?1").bind(p.email).first<string>("data");
    expect(JSON.parse(delivered!)).toMatchObject({ senderName: patient.name, senderEmail: patient.email, message: patient.message });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM practitioner_contacts WHERE listing_id = ?1").bind(p.id).first<number>("n")).toBe(1);

    // The link works once.
    const again = await new TestBrowser().fetch(confirmPath!, { method: "POST", body: new URLSearchParams({}) });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("This link does not work");
    expect((await outboxFor(p.email)).results).toHaveLength(1);
    expect((await new TestBrowser().fetch(confirmPath!.replace(/[0-9a-f]{12}$/, "000000000000"))).status).toBe(404);
  });

  it("holds messages without JavaScript under the same limits, a few waiting per address, keeping what was typed", async () => {
    const p = await practitioner("Held Hal", { language: uniqueLanguage() });
    const patient = { ...message, email: `patient-${crypto.randomUUID()}@example.org` };
    const post = (b: TestBrowser, fields: Record<string, string>) => b.fetch("/find-a-practitioner/contact", { method: "POST", body: new URLSearchParams({ listing: String(p.id), ...fields }) });

    const tooLong = await post(new TestBrowser(), { ...patient, message: "y".repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Shorten your message to 2,000 characters (it has 2,001)");

    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(new TestBrowser(), patient)).status);
    expect(statuses).toEqual([303, 303, 303]);
    const waiting = await post(new TestBrowser(), patient);
    expect(waiting.status).toBe(429);
    const refused = await waiting.text();
    expect(refused).toContain("Messages from this address are already waiting for you to confirm them");
    expect(refused).toContain("knee pain on Saturdays");

    // Per client address, as with the bot check.
    const browser = new TestBrowser();
    const byAddress: number[] = [];
    for (let i = 0; i < 6; i++) byAddress.push((await post(browser, { ...patient, email: `other-${i}-${crypto.randomUUID()}@example.org` })).status);
    expect(byAddress).toEqual([303, 303, 303, 303, 303, 429]);

    // Per practitioner: counted when a message reaches them, so a confirmation waits when they have had enough today.
    const confirmPath = await confirmPathFor(patient.email, "Held Hal");
    await env.DB.prepare("INSERT INTO practitioner_contacts (listing_id, created_at) SELECT ?1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM json_each(?2)")
      .bind(p.id, JSON.stringify(Array.from({ length: 20 }, (_, i) => i)))
      .run();
    const full = await new TestBrowser().fetch(confirmPath!, { method: "POST", body: new URLSearchParams({}) });
    expect(full.status).toBe(429);
    expect(await full.text()).toContain("This practitioner has had many messages today");
    expect((await outboxFor(p.email)).results).toEqual([]);
    expect((await post(new TestBrowser(), { ...patient, email: `late-${crypto.randomUUID()}@example.org` })).status).toBe(429);
  });

  it("keeps what was typed and says what is wrong beside the field", async () => {
    const p = await practitioner("Length Lee", { language: uniqueLanguage() });
    const response = await new TestBrowser().fetch("/find-a-practitioner/contact", {
      method: "POST",
      body: new URLSearchParams({ listing: String(p.id), name: "Al", email: "not-an-address", message: "x".repeat(2001) }),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter your e-mail address");
    expect(html).toContain("Shorten your message to 2,000 characters (it has 2,001)");
    expect(html).toContain('value="not-an-address"');
  });

  it("limits messages per client address and per practitioner", async () => {
    const p = await practitioner("Limited Liz", { language: uniqueLanguage() });
    const browser = new TestBrowser();
    const post = (b: TestBrowser) =>
      b.fetch("/find-a-practitioner/contact", { method: "POST", body: new URLSearchParams({ listing: String(p.id), ...message, "cf-turnstile-response": "token" }) });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(browser)).status);
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);

    const q = await practitioner("Popular Pat", { language: uniqueLanguage() });
    await env.DB.prepare("INSERT INTO practitioner_contacts (listing_id, created_at) SELECT ?1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM json_each(?2)")
      .bind(q.id, JSON.stringify(Array.from({ length: 20 }, (_, i) => i)))
      .run();
    const limited = await new TestBrowser().fetch("/find-a-practitioner/contact", {
      method: "POST",
      body: new URLSearchParams({ listing: String(q.id), ...message, "cf-turnstile-response": "token" }),
    });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("This practitioner has had many messages today");
  });
});

describe("a member's own listing", () => {
  const form = (language: string, town: string) => ({
    listed: "on",
    displayName: "Mia Member",
    professionalTitle: "Physiotherapist",
    "location0-name": "Mia's Clinic",
    "location0-address": "2 Quay Hill",
    "location0-town": town,
    "location0-postcode": "EX2 4AN",
    languages: `English, ${language}`,
    bio: "Sports injuries and back pain.",
  });

  it("saves a listing placed at its town, previews without saving, and stops showing it at once", async () => {
    const user = await createUser();
    await makeMember(user);
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const language = uniqueLanguage();

    const preview = await browser.post("/user/practice", { ...form(language, "Exeter"), action: "preview" });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("This is a preview of your public page");
    expect(names((await search(`place=Exeter&language=${language}`)).html)).toEqual([]);

    const saved = await browser.post("/user/practice", form(language, "Exeter"));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/user/practice?saved=1");
    const found = await search(`place=Exeter&language=${language}`);
    expect(names(found.html)).toEqual(["Mia Member"]);
    expect(found.html).not.toContain(user.email);
    const page = await (await browser.fetch("/user/practice")).text();
    expect(page).toContain("Your listing is shown in Find a practitioner");

    expect((await browser.post("/user/practice/unlist", {})).status).toBe(303);
    expect(names((await search(`place=Exeter&language=${language}`)).html)).toEqual([]);
  });

  it("warns when a practice's town cannot be placed, and refuses bad fields beside them", async () => {
    const user = await createUser();
    await makeMember(user);
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const unplaced = await browser.post("/user/practice", form(uniqueLanguage(), "Nowhereshire Magna"));
    expect(unplaced.headers.get("Location")).toContain("unplaced=");
    expect(await (await browser.fetch(unplaced.headers.get("Location")!)).text()).toContain("We could not find the town of: Mia&#x27;s Clinic");

    const bad = await browser.post("/user/practice", { ...form(uniqueLanguage(), "Exeter"), "location0-postcode": "NOT A CODE", "location0-lat": "50.7" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Enter a UK postcode, like EX4 3SR, or leave it empty");
    expect(html).toContain("Enter both the latitude and the longitude, or neither");
    expect(html).toContain('value="2 Quay Hill"');
  });
});

describe("a practitioner's photo", () => {
  const fields = (language: string) => ({
    listed: "on",
    displayName: "Pia Photo",
    "location0-name": "Pia's Clinic",
    "location0-address": "3 Cathedral Yard",
    "location0-town": "Exeter",
    languages: language,
  });

  /** Posts the listing form as the browser does with a file chosen: multipart, the CSRF token included. */
  async function postWithPhoto(browser: TestBrowser, language: string, photo: { bytes: Uint8Array; name: string; type: string } | null, extra: Record<string, string> = {}) {
    const form = new FormData();
    form.set("csrfToken", await browser.csrfToken());
    for (const [key, value] of Object.entries({ ...fields(language), ...extra })) form.set(key, value);
    form.set("photo", photo ? new File([photo.bytes], photo.name, { type: photo.type }) : new File([], "", { type: "application/octet-stream" }));
    return browser.fetch("/user/practice", { method: "POST", body: form });
  }

  const photoSrc = (html: string) => html.match(/<img[^>]*src="(\/find-a-practitioner\/\d+\/photo\/[0-9a-f]{16})"/)?.[1] ?? null;

  async function signedInMember() {
    const user = await createUser();
    await makeMember(user);
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    return browser;
  }

  it("is uploaded on /user/practice, shown with its size and alt text on the profile and in results, and served with long cache headers", async () => {
    const browser = await signedInMember();
    const language = uniqueLanguage();
    // The browser says it is a JPEG; its bytes are a PNG, and that is what counts.
    const saved = await postWithPhoto(browser, language, { bytes: PHOTOS.png, name: "me.jpg", type: "image/jpeg" });
    expect(saved.status).toBe(303);

    const results = (await search(`place=Exeter&language=${language}`)).html;
    const src = photoSrc(results);
    expect(src).not.toBeNull();
    expect(results).toMatch(/<img class="practitioner-result__photo"[^>]*alt="Photo of Pia Photo"[^>]*width="40" height="30"/);
    const id = src!.split("/")[2]!;
    const profile = await (await new TestBrowser().fetch(`/find-a-practitioner/${id}`)).text();
    expect(profile).toContain(`src="${src}"`);
    expect(profile).toMatch(/<img class="practitioner-profile__photo"[^>]*alt="Photo of Pia Photo"[^>]*width="40" height="30"/);
    expect(profile).toContain(`"image":"http://localhost:8787${src}"`);

    const served = await new TestBrowser().fetch(src!);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PHOTOS.png);
    // Another version of the address is not this photo.
    expect((await new TestBrowser().fetch(src!.replace(/[0-9a-f]{16}$/, "0123456789abcdef"))).status).toBe(404);
  });

  it("refuses a file that is not a JPEG, PNG or WebP beside the field, keeping everything else typed", async () => {
    const browser = await signedInMember();
    const refused = await postWithPhoto(browser, uniqueLanguage(), { bytes: NOT_PHOTOS.svg, name: "me.png", type: "image/png" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toMatch(/data-field-error="photo"[^>]*>.*must be a JPEG, PNG or WebP image/);
    expect(html).toContain('value="3 Cathedral Yard"');
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
  });

  it("is replaced at a new address and removed, the old addresses no longer served and the old file deleted", async () => {
    const browser = await signedInMember();
    const language = uniqueLanguage();
    await postWithPhoto(browser, language, { bytes: PHOTOS.png, name: "a.png", type: "image/png" });
    const first = photoSrc((await search(`place=Exeter&language=${language}`)).html)!;
    const firstKey = await env.DB.prepare("SELECT photo_key FROM practitioner_listings WHERE id = ?1").bind(Number(first.split("/")[2])).first<string>("photo_key");

    expect((await postWithPhoto(browser, language, { bytes: PHOTOS.webpLossy, name: "b.webp", type: "image/webp" })).status).toBe(303);
    const second = photoSrc((await search(`place=Exeter&language=${language}`)).html)!;
    expect(second).not.toBe(first);
    expect((await new TestBrowser().fetch(second)).headers.get("Content-Type")).toBe("image/webp");
    expect((await new TestBrowser().fetch(first)).status).toBe(404);
    expect(await env.PRACTITIONER_PHOTOS.get(firstKey!)).toBeNull();

    // Saving without choosing a file keeps the photo.
    expect((await postWithPhoto(browser, language, null)).status).toBe(303);
    expect(photoSrc((await search(`place=Exeter&language=${language}`)).html)).toBe(second);

    expect((await postWithPhoto(browser, language, null, { removePhoto: "on" })).status).toBe(303);
    const after = (await search(`place=Exeter&language=${language}`)).html;
    expect(names(after)).toEqual(["Pia Photo"]);
    expect(photoSrc(after)).toBeNull();
    expect((await new TestBrowser().fetch(second)).status).toBe(404);
  });

  it("is deleted from the bucket when the member erases their account, and named for deletion whenever its listing goes", async () => {
    const user = await createUser();
    await makeMember(user);
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const language = uniqueLanguage();
    await postWithPhoto(browser, language, { bytes: PHOTOS.png, name: "me.png", type: "image/png" });
    const src = photoSrc((await search(`place=Exeter&language=${language}`)).html)!;
    const key = (await env.DB.prepare("SELECT photo_key FROM practitioner_listings WHERE id = ?1").bind(Number(src.split("/")[2])).first<string>("photo_key"))!;
    expect(await env.PRACTITIONER_PHOTOS.head(key)).not.toBeNull();

    const erased = await browser.post("/user/privacy/delete", { currentPassword: user.password });
    expect(erased.status).toBe(303);
    expect(erased.headers.get("Location")).toBe("/account/deleted");
    expect(await env.PRACTITIONER_PHOTOS.head(key)).toBeNull();
    expect(await env.DB.prepare("SELECT 1 AS found FROM practitioner_photo_deletions WHERE photo_key = ?1").bind(key).first()).toBeNull();

    // A listing deleted any other way (a merge of two records keeps one listing) names its photo
    // for the sweep in the same statement; the daily job deletes it.
    const other = await practitioner("Merged Mo", { language: uniqueLanguage() });
    await env.DB.prepare("UPDATE practitioner_listings SET photo_key = 'practitioner-photos/merged-away' WHERE id = ?1").bind(other.id).run();
    await env.DB.prepare("DELETE FROM practitioner_listings WHERE id = ?1").bind(other.id).run();
    expect(await env.DB.prepare("SELECT photo_key FROM practitioner_photo_deletions WHERE photo_key = 'practitioner-photos/merged-away'").first("photo_key")).toBe("practitioner-photos/merged-away");
  });

  it("is not served while the listing is not shown: unlisted, hidden by staff or lapsed", async () => {
    const browser = await signedInMember();
    const language = uniqueLanguage();
    await postWithPhoto(browser, language, { bytes: PHOTOS.jpeg, name: "me.jpg", type: "image/jpeg" });
    const src = photoSrc((await search(`place=Exeter&language=${language}`)).html)!;
    expect((await new TestBrowser().fetch(src)).status).toBe(200);
    const id = Number(src.split("/")[2]);

    await browser.post("/user/practice/unlist", {});
    expect((await new TestBrowser().fetch(src)).status).toBe(404);
    // The member still sees their own photo on their form.
    const own = await (await browser.fetch("/user/practice")).text();
    const ownSrc = own.match(/src="(\/user\/practice\/photo\/[0-9a-f]{16})"/)?.[1];
    expect(ownSrc).toBeDefined();
    expect((await browser.fetch(ownSrc!)).status).toBe(200);

    await env.DB.prepare("UPDATE practitioner_listings SET listed = 1, hidden_at = '2026-11-27T00:00:00Z', hidden_reason = 'Checking' WHERE id = ?1").bind(id).run();
    expect((await new TestBrowser().fetch(src)).status).toBe(404);
    await env.DB.prepare("UPDATE practitioner_listings SET hidden_at = NULL, hidden_reason = NULL WHERE id = ?1").bind(id).run();
    expect((await new TestBrowser().fetch(src)).status).toBe(200);
    await env.DB.prepare("UPDATE memberships SET status = 'lapsed' WHERE user_id = (SELECT user_id FROM practitioner_listings WHERE id = ?1)").bind(id).run();
    expect((await new TestBrowser().fetch(src)).status).toBe(404);
  });
});

describe("staff", () => {
  it("hide a listing with a reason the member is told, and export every listing", async () => {
    const language = uniqueLanguage();
    const p = await practitioner("Staff Sid", { language });
    const browser = await signedInStaff();
    const list = await browser.fetch("/staff/practitioners");
    expect(list.status).toBe(200);
    const hidden = await browser.post(`/staff/practitioners/${p.id}/hide`, { reason: "The address is out of date." });
    expect(hidden.status).toBe(303);
    expect(names((await search(`place=Exeter&language=${language}`)).html)).toEqual([]);
    const told = await env.DB.prepare("SELECT kind, data FROM email_outbox WHERE recipient = ?1").bind(p.email).first<{ kind: string; data: string }>();
    expect(told?.kind).toBe("practitioner-listing-hidden");
    expect(told?.data).toContain("The address is out of date.");

    const csv = await (await browser.fetch("/staff/practitioners.csv")).text();
    expect(csv).toMatch(new RegExp(`${p.id},Staff Sid,.*Hidden by staff,The address is out of date\\.`));

    expect((await browser.post(`/staff/practitioners/${p.id}/show`, {})).status).toBe(303);
    expect(names((await search(`place=Exeter&language=${language}`)).html)).toEqual(["Staff Sid"]);
  });
});
