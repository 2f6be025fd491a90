/**
 * Every e-mail template: its subject, the facts a reader needs in the plain-text part, and the
 * HTML's accessibility basics (lang, a title, one h1, alt on every image, text colours with
 * enough contrast on their background), why the reader got it, and the unsubscribe link only
 * where the reader can turn the message off.
 */
import { parse } from "parse5";
import { describe, expect, it } from "vitest";
import { EMAIL_CATEGORY, EMAIL_KINDS, type EmailContent, type EmailKind } from "../../src/domain/email";
import { subjectFor } from "../../src/services/email/subjects";
import { renderEmail } from "../../src/views/email/render-email";
import { BRAND, EMAIL_DATA, SITE_URL, contentOf } from "../fixtures/emails";

const UNSUBSCRIBE = `${SITE_URL}/email/unsubscribe?token=signed-token`;

async function rendered(content: EmailContent, brand = BRAND) {
  const subject = subjectFor(content);
  const unsubscribeUrl = EMAIL_CATEGORY[content.kind] === "transactional" ? null : UNSUBSCRIBE;
  return { subject, ...(await renderEmail({ ...content, subject, brand, siteUrl: SITE_URL, recipient: "ada@example.org", unsubscribeUrl })) };
}

const link = (path: string) => `${SITE_URL}${path}`;

/** The subject and facts each kind must carry (facts in the plain-text part, in order of importance). */
const EXPECTED: Record<EmailKind, { subject: string; facts: string[]; absent?: string[] }> = {
  "application-received": {
    subject: "We have received your application (GH-ABCD1234)",
    facts: ["Dear Ada", "Reference: GH-ABCD1234", "Amount due: £150.00", "What happens next", "quoting your reference GH-ABCD1234", "Sort code: 12-34-56", link("/user/membership")],
  },
  "application-staff-notice": {
    subject: "New membership application: Ada Lovelace (GH-ABCD1234)",
    facts: ["Applicant: Ada Lovelace", "E-mail: ada@example.org", "Membership: Full membership", "£150.00 offline", "Friday, 20 November 2026", link("/staff/applications/app-123")],
  },
  "membership-paid": {
    subject: "Welcome: your Full membership membership is active",
    facts: [
      "welcome to Guildhall",
      "From: 21 November 2026",
      "Until: 20 November 2027",
      "Receipt number: GH-2026-000123",
      "Amount paid: £150.00",
      "Paid on: 21 November 2026",
      "Payment reference: BACS 778899",
      `View or print your receipt: ${link("/user/receipts/GH-2026-000123")}`,
      link("/user/membership"),
    ],
  },
  "event-cancelled": {
    subject: "Cancelled: Annual conference",
    facts: [
      "has been cancelled",
      "Event: Annual conference",
      "Was to be: Friday, 12 March 2027, 09:00 GMT",
      "Why: The venue has closed for repairs.",
      "Order: GH-ORD0002",
      "Refund: £720.00, in full, to the card you paid with",
      "Its credit note comes in a separate e-mail",
    ],
  },
  "event-place-transferred": {
    subject: "Your ticket: Annual conference",
    facts: [
      "has been passed to you",
      "Event: Annual conference",
      "When: Friday, 12 March 2027, 09:00 GMT to 17:00 GMT",
      "Where: Guildhall, Gresham Street, London",
      "Grace Hopper: Member",
      "Grace Hopper: Conference dinner",
      `Your ticket: ${link("/events/tickets/AbCdEfGhIjKlMnOpQrStUv")}`,
      link("/events/annual-conference/calendar.ics"),
    ],
    absent: ["/user/events"],
  },
  "event-attendee-notice": {
    subject: "Cancelled: Annual conference",
    facts: ["Grace Hopper, Annual conference, which you were booked to attend, has been cancelled.", "Was to be: Friday, 12 March 2027, 09:00 GMT", "Why: The venue has closed for repairs.", "told separately about any refund", link("/events/annual-conference")],
    absent: ["£", "GH-ORD", "Refund:"],
  },
  "event-place-passed-on": {
    subject: "Your place has been passed on: Annual conference",
    facts: ["Ada Lovelace, the place booked for you at Annual conference has been passed to someone else by the person who booked it", "no longer admits you", "When: Friday, 12 March 2027, 09:00 GMT"],
  },
  "event-reopened": {
    subject: "New dates: Annual conference",
    facts: [
      "Annual conference, which was postponed, will now take place on new dates",
      "When: Friday, 4 June 2027, 09:00 BST to 17:00 BST",
      "Was to be: Friday, 12 March 2027, 09:00 GMT",
      "Your booking stands",
      "cancel it online for a full refund",
      link("/user/events"),
    ],
  },
  "event-postponed": {
    subject: "Postponed: Annual conference",
    facts: [
      "has been postponed",
      "Was to be: Friday, 12 March 2027, 09:00 GMT",
      "Why: The venue has closed for repairs.",
      "New date: Spring 2027",
      "Your booking stands",
      link("/user/events"),
    ],
  },
  "event-reminder": {
    subject: "Tomorrow: Online workshop",
    facts: [
      "Event: Online workshop",
      "When: Friday, 12 March 2027, 09:00 GMT to 11:00 GMT",
      "Where: online",
      "How to join",
      "The link appears on your tickets page an hour before the start.",
      "Ada Lovelace: Place",
      link("/user/events"),
    ],
  },
  "event-waitlist-offer": {
    subject: "A place is free for you: Manual therapy course",
    facts: [
      "Event: Manual therapy course",
      "When: Friday, 12 March 2027, 09:00 GMT to 17:00 GMT",
      "Ticket: Place, £120.00",
      "Held for you until: Monday, 1 February 2027, 18:30 GMT",
      link("/user/events/offers/0b5c9e43-5f0e-4d55-9d0e-6f1c5b3f0a11"),
      "offered to the next person on the waiting list",
    ],
  },
  "event-attendance-thanks": {
    subject: "Thank you for attending Online workshop: your CPD certificate",
    facts: [
      "Dear Ada Lovelace",
      "Event: Online workshop",
      "Date: 8 November 2026",
      "CPD hours: 1.5",
      "Category: Education and research",
      "Attendance verified by the society",
      `Your certificate (CPD-000042): ${link("/user/cpd/certificates/AbCdEfGhIjKlMnOpQrStUv")}`,
      `Anyone can check it at ${link("/certificates/AbCdEfGhIjKlMnOpQrStUv")}`,
    ],
  },
  "event-booking-confirmed": {
    subject: "Your booking is confirmed: Annual conference",
    facts: [
      "Event: Annual conference",
      "When: Friday, 12 March 2027, 09:00 GMT to 17:00 GMT",
      "Where: Guildhall, Gresham Street, London",
      "Ada Lovelace: Member ticket",
      "Charles Babbage: Conference dinner",
      `Your tickets: ${link("/user/events")}`,
      `nothing is attached to this e-mail): ${link("/events/annual-conference/calendar.ics")}`,
    ],
  },
  "order-receipt": {
    subject: "Your receipt for order GH-ORD0001",
    facts: [
      "Root canals today: Live: Tuesday, 1 December 2026, 18:00–19:30 GMT",
      "Implants, part one: Recording",
      "Total: £105.00",
      "Implants bundle: £60.00",
      "Paid by: Card",
      "never send them by e-mail",
      link("/user/webinars"),
      "Receipt number: GH-2026-000124",
      `View or print your receipt: ${link("/user/receipts/GH-2026-000124")}`,
    ],
  },
  "payment-failed": {
    subject: "Your membership payment did not go through: please update your card",
    facts: ["£150.00", "stays open until 21 December 2026", "Manage billing and payment card", `Update your card: ${link("/user/membership")}`],
  },
  "direct-debit-failed": {
    subject: "Your Direct Debit was not paid: your membership has not started",
    facts: ["£170.00", "nothing has been taken", "has not started", "GH-ABCD1234", `Pay for your membership: ${link("/user/membership")}`],
  },
  "renewal-reminder": {
    subject: "Your membership renews on 21 December 2026",
    facts: ["renews in 30 days, on 21 December 2026", "£150.00 will be taken from the card", link("/user/membership")],
  },
  "membership-lapsed": {
    subject: "Your Full membership membership has lapsed",
    facts: ["lapsed on 20 November 2026", "How to rejoin", `Rejoin: ${link("/join")}`],
  },
  "webinar-reminder": {
    subject: "Reminder: Root canals today, Tuesday 1 December at 18:00 GMT",
    facts: ["When: Tuesday, 1 December 2026, 18:00–19:30 GMT", "the link to join appears there an hour before the start", "we never send join links by e-mail", link("/webinars/root-canals")],
    absent: ["zoom", "vimeo"],
  },
  "recording-ready": {
    subject: "The recording of Root canals today is ready",
    facts: ["The recording of Root canals today is ready", `Watch the recording: ${link("/webinars/root-canals")}`],
    absent: ["vimeo"],
  },
  "application-rejected": {
    subject: "Your membership application GH-ABCD1234",
    facts: ["cannot accept your application", "The reason", "Your registration number could not be verified.", "we will refund you"],
  },
  "claim-invitation": {
    subject: "Claim your Full membership online",
    facts: ["Dear Ada Lovelace", "1042", "ada@example.org", "Sign in with this e-mail address", "/user/membership", "/register?callbackUrl=%2Fuser%2Fmembership"],
  },
  "email-changed": {
    subject: "The e-mail address of your account has changed",
    facts: ["ada.new@example.org", "24 November 2026", "If you did not make this change", "/password-reset"],
  },
  "refund-issued": {
    subject: "Your refund of £20.00 (Webinar order GH-ORD0001)",
    facts: ["£20.00", "Webinar order GH-ORD0001", "2 December 2026", "CN-2026-000007", "back to the card", "The webinar was moved", link("/user/credit-notes/CN-2026-000007")],
  },
  "pro-forma-issued": {
    subject: "Pro-forma invoice: £150.00 to pay by 24 December 2026 (GH-ABCD1234)",
    facts: ["PF-2026-000012", "Sampleton Physio Ltd", "£150.00", "GH-ABCD1234", "24 December 2026", "Sort code: 12-34-56", link("/user/pro-forma/PF-2026-000012")],
  },
  "dispute-opened": {
    subject: "Payment disputed: £45.00 from ada@example.org (Webinar order GH-ORD0001)",
    facts: ["ada@example.org", "Webinar order GH-ORD0001", "GH-2026-000031", "£45.00", "product not received", "8 December 2026", "dp_test_123", link("/staff/orders/order-123")],
  },
  "export-ready": {
    subject: "Your export of 312,450 members is ready to download",
    facts: ["every matching row", "List: Members (Lapsed)", "Rows: 312,450", "75.0 MB", "Saturday, 28 November 2026", "deleted on", link("/staff/exports/members")],
  },
  "application-review": {
    subject: "Your application GH-ABCD1234 is approved: you can now pay",
    facts: ["GH-ABCD1234", "Full membership", "£220.00", "approved", "by card", link("/user/membership")],
  },
  "order-cancelled": {
    subject: "Your order GH-ORD0001 is cancelled: it was not paid within 45 days",
    facts: ["GH-ORD0001", "1 October 2026", "45 days", "Root canals today", "£40.50", "WELCOME10", link("/webinars")],
  },
  "practitioner-contact": {
    subject: "A message from Alan Turing through Find a practitioner",
    facts: ["Alan Turing", "alan@example.org", "knee pain on Saturdays", "was not shown to the sender", link("/find-a-practitioner/42")],
  },
  "practitioner-contact-copy": {
    subject: "Your message to Grace Hopper",
    facts: ["passed your message to Grace Hopper", "alan@example.org", "knee pain on Saturdays", link("/find-a-practitioner/42")],
  },
  "practitioner-contact-confirm": {
    subject: "Confirm to send your message to Grace Hopper",
    facts: ["Confirm by", "30 November 2026", "knee pain on Saturdays", "alan@example.org", link("/find-a-practitioner/contact/confirm?message=00000000-0000-4000-8000-000000000000"), "If it was not you, ignore this e-mail"],
  },
  "practitioner-listing-hidden": {
    subject: "Your public listing has been hidden",
    facts: ["Grace Hopper", "The practice address is out of date.", link("/user/practice")],
  },
  "dispute-closed": {
    subject: "Dispute lost: £45.00 from ada@example.org (Webinar order GH-ORD0001)",
    facts: ["The dispute was lost", "ada@example.org", "£45.00", link("/staff/orders/order-123")],
    absent: ["Evidence due by"],
  },
};

// --- Accessibility basics over the HTML -------------------------------------------------------

type Node = { nodeName: string; tagName?: string; value?: string; attrs?: { name: string; value: string }[]; childNodes?: Node[] };

const attr = (node: Node, name: string) => node.attrs?.find((a) => a.name === name)?.value;
const styleOf = (node: Node) =>
  Object.fromEntries(
    (attr(node, "style") ?? "")
      .split(";")
      .map((rule) => rule.split(":").map((part) => part.trim()))
      .filter((pair) => pair.length === 2 && pair[0])
      .map(([name, value]) => [name!.toLowerCase(), value!.toLowerCase()]),
  );

function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join("")}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** Every piece of visible text with the colour and background it is drawn in. */
function visibleText(node: Node, colour = "#000000", background = "#ffffff", found: { text: string; colour: string; background: string }[] = []) {
  const style = styleOf(node);
  if (style.display === "none") return found;
  const fg = /^#[0-9a-f]{3,6}$/.test(style.color ?? "") ? style.color! : colour;
  const bg = /^#[0-9a-f]{3,6}$/.test(style["background-color"] ?? "") ? style["background-color"]! : background;
  for (const child of node.childNodes ?? []) {
    if (child.nodeName === "#text" && child.value!.trim()) found.push({ text: child.value!.trim(), colour: fg, background: bg });
    else if (child.nodeName !== "title" && child.nodeName !== "head") visibleText(child, fg, bg, found);
  }
  return found;
}

function elements(node: Node, name: string, found: Node[] = []): Node[] {
  if (node.nodeName === name) found.push(node);
  for (const child of node.childNodes ?? []) elements(child, name, found);
  return found;
}

describe("e-mail templates", () => {
  it("has a template and expectations for every kind", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...EMAIL_KINDS].sort());
  });

  describe.each(EMAIL_KINDS.map((kind) => [kind]))("%s", (kind) => {
    it("has its subject and the key facts in the plain-text part", async () => {
      const { subject, text, html } = await rendered(contentOf(kind));
      expect(subject).toBe(EXPECTED[kind].subject);
      for (const fact of EXPECTED[kind].facts) expect(text, fact).toContain(fact);
      for (const word of EXPECTED[kind].absent ?? []) {
        expect(text.toLowerCase()).not.toContain(word);
        expect(html.toLowerCase()).not.toContain(word);
      }
      // Plain text is written as text: no markup, no HTML entities.
      expect(text).not.toMatch(/<[a-z][^>]*>|&[a-z]+;|&#/i);
    });

    it("says why the reader got it, and offers to unsubscribe only from messages they may turn off", async () => {
      const { text, html } = await rendered(contentOf(kind));
      expect(text).toMatch(/You are receiving this because .+\./);
      expect(html).toContain("You are receiving this because");
      expect(text).toContain("The Guildhall Society\n1 Guild Street, London EC1A 1AA\nTelephone 020 7946 0000 · E-mail office@guildhall.example");
      if (EMAIL_CATEGORY[kind] === "transactional") {
        expect(text).not.toContain("Unsubscribe");
        expect(html).not.toContain("/email/unsubscribe");
      } else {
        expect(text).toContain(`Unsubscribe from them here:\n${UNSUBSCRIBE}`);
        expect(html).toContain(`href="${UNSUBSCRIBE}"`);
      }
    });

    it("renders accessible HTML: lang, a title, one h1, alt on every image, text colours with enough contrast", async () => {
      const { html, subject } = await rendered(contentOf(kind));
      const document = parse(html) as unknown as Node;
      const [root] = elements(document, "html");
      expect(attr(root!, "lang")).toBe("en-GB");
      expect(elements(document, "title")[0]?.childNodes?.[0]?.value).toBe(subject);
      expect(elements(document, "h1")).toHaveLength(1);
      const images = elements(document, "img");
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) expect(attr(image, "alt"), "every image has alt text (empty when decorative)").toBeDefined();
      const texts = visibleText(document);
      expect(texts.length).toBeGreaterThan(5);
      for (const { text, colour, background } of texts) {
        expect(contrast(colour, background), `"${text}" in ${colour} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    });
  });

  it("tells an applicant paying by card about Stripe, without bank details", async () => {
    const { text } = await rendered({ kind: "application-received", data: { ...EMAIL_DATA["application-received"], paymentMethod: "card" } });
    expect(text).toContain("Your card payment goes through Stripe");
    expect(text).not.toContain("How to pay");
    expect(text).not.toContain("Sort code");
  });

  it("points an offline applicant to their membership page when there are no payment instructions", async () => {
    const { text } = await rendered({ kind: "application-received", data: { ...EMAIL_DATA["application-received"], offlinePaymentInstructions: null } });
    expect(text).toContain("How to pay");
    expect(text).toContain("Your membership page shows how to pay.");
  });

  it("tells a renewing member their membership is renewed", async () => {
    const { subject, text } = await rendered({ kind: "membership-paid", data: { ...EMAIL_DATA["membership-paid"], renewal: true } });
    expect(subject).toBe("Your Full membership membership is renewed until 20 November 2027");
    expect(text).toContain("Your membership is renewed");
  });

  it("asks an offline member to renew by hand, with the renewal link, and a card member nothing", async () => {
    const offline = await rendered({ kind: "renewal-reminder", data: { ...EMAIL_DATA["renewal-reminder"], paymentMethod: "offline", daysBefore: 7 } });
    expect(offline.subject).toBe("Your membership ends on 21 December 2026: time to renew");
    expect(offline.text).toContain("ends in 7 days, on 21 December 2026");
    expect(offline.text).toContain(`Renew your membership: ${link("/user/membership")}`);
    expect(offline.text).not.toContain("taken from the card");
    const card = await rendered(contentOf("renewal-reminder"));
    expect(card.text).toContain("There is nothing to do if your card details are up to date");
  });

  it("tells a card member with no live subscription that nothing will be taken, and to renew by card or bank transfer, with the link", async () => {
    const { subject, text } = await rendered({ kind: "renewal-reminder", data: { ...EMAIL_DATA["renewal-reminder"], paymentMethod: "card", renewal: "by-hand", daysBefore: 30 } });
    expect(subject).toBe("Your membership ends on 21 December 2026: time to renew");
    expect(text).toContain("nothing will be taken from your card");
    expect(text).not.toContain("will be taken from the card you pay with");
    expect(text).toContain("pay £150.00 from your membership page: by card, or by bank transfer");
    expect(text).toContain(`Renew your membership: ${link("/user/membership")}`);
    // A live subscription: the fee is taken by itself.
    const automatic = await rendered({ kind: "renewal-reminder", data: { ...EMAIL_DATA["renewal-reminder"], paymentMethod: "card", renewal: "automatic" } });
    expect(automatic.text).toContain("£150.00 will be taken from the card you pay with");
  });

  it("falls back to a plain brand (no logo, no contact details) when the CMS cannot be read", async () => {
    const plain = { siteName: "Guildhall", organizationName: null, logo: null, contact: { email: null, phone: null, address: null, poBox: null } };
    const { html, text } = await rendered(contentOf("order-receipt"), plain);
    expect(html).not.toContain("<img");
    expect(html).toContain("Guildhall");
    expect(text.trimEnd().endsWith("Guildhall")).toBe(true);
  });

  it("escapes what applicants and staff typed in the HTML part", async () => {
    const { html, text } = await rendered({
      kind: "application-rejected",
      data: { ...EMAIL_DATA["application-rejected"], givenName: "<script>alert(1)</script>", reason: 'Bad <a href="https://evil.example">link</a>' },
    });
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain('href="https://evil.example"');
    expect(text).toContain("Dear <script>alert(1)</script>");
  });

  it("writes a free order's e-mail without a receipt, and points to the webinars page when the CMS could not list them", async () => {
    const { text, html } = await rendered({
      kind: "order-receipt",
      data: { ...EMAIL_DATA["order-receipt"], receiptNumber: null, paymentMethod: "free", totalPence: 0, webinars: [] },
    });
    expect(text).not.toContain("Receipt number");
    expect(html).not.toContain("/user/receipts/");
    expect(text).toContain("Ordered on: 21 November 2026");
    expect(text).toContain("Your webinars page lists each webinar in this order with its date.");
  });
});
