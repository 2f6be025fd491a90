/**
 * Who may buy an event's tickets (issue 27) against the real Strapi demo content and D1: a ticket
 * sold to one membership type (the conference's "Associate member" ticket) is shown, booked and
 * claimed from a waiting list by members of that type alone.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";

async function shopper(type: "full-member" | "associate" | "none") {
  const user = await createUser();
  if (type === "full-member") await makeMember(user);
  if (type === "associate") {
    await env.DB.prepare(
      "INSERT OR REPLACE INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end) VALUES (?1, ?2, 'associate', 'Associate member', 'active', 'offline', NULL)",
    )
      .bind(user.uid, user.email.toLowerCase())
      .run();
  }
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { browser, user };
}

const bookingsOf = (userId: string) =>
  env.DB.prepare("SELECT ticket_code, status FROM event_bookings WHERE user_id = ?1 ORDER BY ticket_code").bind(userId).all<{ ticket_code: string; status: string }>();

const associateRow = (html: string) => /<tr><td>Associate member<\/td><td>£180\.00<\/td><td>([^<]*)<\/td><\/tr>/.exec(html)?.[1] ?? null;
const ticketOptions = (html: string) => [...html.matchAll(/<option value="([a-z0-9-]+)"/g)].map((m) => m[1]);

const conferenceForm = (ticket: string) => ({ places: "1", "a0.ticket": ticket, "a0.name": "Rosalind Franklin", "a0.email": "rosalind@guild.example", "a0.q.workshop": "Pain education" });

describe("a ticket sold to one membership type", () => {
  it("is offered to a member of that type, and shown to other members and visitors with the reason they cannot buy it", async () => {
    const associate = await shopper("associate");
    const mine = await (await associate.browser.fetch("/events/annual-conference")).text();
    expect(associateRow(mine)).toMatch(/^\d+ places left$/);
    expect(ticketOptions(mine)).toContain("associate");

    const full = await shopper("full-member");
    const theirs = await (await full.browser.fetch("/events/annual-conference")).text();
    expect(associateRow(theirs)).toMatch(/^\d+ places left · Only for members with the Associate member membership$/);
    expect(ticketOptions(theirs)).not.toContain("associate");
    expect(ticketOptions(theirs)).toContain("member");

    const visitor = await (await new TestBrowser().fetch("/events/annual-conference")).text();
    expect(associateRow(visitor)).toMatch(/ · Only for members with the Associate member membership$/);
  });

  it("is booked by a member of that type", async () => {
    const { browser, user } = await shopper("associate");
    const response = await browser.post("/events/annual-conference/book", conferenceForm("associate"));
    expect(response.status).toBe(303);
    expect((await bookingsOf(user.uid)).results).toEqual([{ ticket_code: "associate", status: "held" }]);
  });

  it("is refused to a member of another type, beside the field, with what they typed kept and nothing held", async () => {
    const { browser, user } = await shopper("full-member");
    const response = await browser.post("/events/annual-conference/book", conferenceForm("associate"));
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Associate member: Only for members with the Associate member membership");
    expect(page).toContain("Rosalind Franklin");
    expect(page).toContain("rosalind@guild.example");
    expect((await bookingsOf(user.uid)).results).toEqual([]);
  });

  it("is refused to someone signed in who is not a member", async () => {
    const { browser, user } = await shopper("none");
    const response = await browser.post("/events/annual-conference/book", conferenceForm("associate"));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Associate member: Only for members with the Associate member membership");
    expect((await bookingsOf(user.uid)).results).toEqual([]);
  });
});
