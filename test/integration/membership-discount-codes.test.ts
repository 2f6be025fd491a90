/**
 * Discount codes on the join form: a code for a membership type takes its share off the first
 * year's subscription (never the joining fee); the application owes the discounted amount, its
 * pro-forma invoice and, once staff record the payment, its receipt say so; refused codes come
 * back beside the field with what was typed kept; the caps hold when applications race; a code
 * works with card payment too (membership-card-vat.test.ts checks Stripe's amounts and tax).
 */
import { env } from "cloudflare:test";
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from "vitest";
import { londonDate } from "../../src/shared/london-date";
import { createUser, TestBrowser } from "../support/worker/browser";
import { clearContentCache } from "../support/worker/helpers";
import { validForm } from "../support/worker/join-form";
import { signedInStaff } from "../support/worker/staff";
import { fakeStripe, stripeObject } from "../support/worker/stripe";
import { asEditor } from "../support/worker/cms-editor";

const created: string[] = [];
let full: { documentId: string; price: number; joiningFee: number | null };


async function saveCode(data: Record<string, unknown>): Promise<void> {
  const response = await asEditor(
    "POST",
    "/api/discount-codes?status=published",
    data,
  );
  expect(response.status, await response.clone().text()).toBe(201);
  created.push(
    ((await response.json()) as { data: { documentId: string } }).data
      .documentId,
  );
}

beforeAll(async () => {
  const response = await asEditor(
    "GET",
    "/api/memberships?filters[slug][$eq]=full-member",
  );
  full = ((await response.json()) as { data: (typeof full)[] }).data[0]!;
  await saveCode({
    code: "MEMBER20",
    kind: "fixed",
    amountOffPence: 2000,
    memberships: { connect: [full.documentId] },
  });
  await saveCode({
    code: "WEBONLY",
    kind: "percent",
    percentOff: 10,
    allWebinars: true,
  });
  await saveCode({
    code: "ENDED",
    kind: "percent",
    percentOff: 10,
    memberships: { connect: [full.documentId] },
    validUntil: "2020-01-01T00:00:00.000Z",
  });
  await saveCode({
    code: "ONCEEACH",
    kind: "percent",
    percentOff: 10,
    maxPerUser: 1,
    memberships: { connect: [full.documentId] },
  });
  await saveCode({
    code: "LASTTWO",
    kind: "fixed",
    amountOffPence: 500,
    maxRedemptions: 2,
    memberships: { connect: [full.documentId] },
  });
  await clearContentCache();
});

afterAll(async () => {
  for (const id of created)
    await asEditor("DELETE", `/api/discount-codes/${id}`);
  await clearContentCache();
});

const undiscounted = () =>
  Math.round(full.price * 100) + Math.round((full.joiningFee ?? 0) * 100);

const applicationOf = async (key: string) =>
  env.DB.prepare(
    "SELECT id, amount_due_pence, discount, user_id FROM applications WHERE idempotency_key = ?1",
  )
    .bind(key)
    .first<{
      id: string;
      amount_due_pence: number;
      discount: string | null;
      user_id: string;
    }>();

describe("joining by bank transfer with a code", () => {
  it("owes the discounted amount; the pro-forma invoice, the staff page and the receipt after payment show the code", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const browser = new TestBrowser();
    const form = validForm({ discountCode: " member20 " });
    const response = await browser.post("/join", form);
    expect(response.status, await response.clone().text()).toBe(303);
    const application = (await applicationOf(form.idempotencyKey!))!;
    expect(application.amount_due_pence).toBe(undiscounted() - 2000);
    expect(JSON.parse(application.discount!)).toMatchObject({
      code: "MEMBER20",
      totalPence: 2000,
    });

    const invoice = await env.DB.prepare(
      "SELECT total_pence, items FROM pro_forma_invoices WHERE application_id = ?1",
    )
      .bind(application.id)
      .first<{ total_pence: number; items: string }>();
    expect(invoice!.total_pence).toBe(undiscounted() - 2000);
    expect(invoice!.items).toContain("less £20.00 with discount code MEMBER20");

    const staff = await signedInStaff();
    expect(
      await (await staff.fetch(`/staff/applications/${application.id}`)).text(),
    ).toContain("after discount code MEMBER20 (£20.00 off)");
    const amount = ((undiscounted() - 2000) / 100).toFixed(2);
    const recorded = await staff.post(
      `/staff/applications/${application.id}/payment`,
      {
        amount,
        receivedOn: londonDate(new Date()),
        paymentReference: "BACS 2020",
      },
    );
    expect(recorded.status).toBe(303);
    const receipt = await env.DB.prepare(
      "SELECT total_pence, items FROM receipts WHERE application_id = ?1",
    )
      .bind(application.id)
      .first<{ total_pence: number; items: string }>();
    expect(receipt!.total_pence).toBe(undiscounted() - 2000);
    expect(receipt!.items).toContain("less £20.00 with discount code MEMBER20");
    // Two lines, as a card payment's: the discounted first year, and the joining fee.
    const items = JSON.parse(receipt!.items) as { description: string; pence: number }[];
    expect(items.map((i) => i.pence)).toEqual([Math.round(full.price * 100) - 2000, Math.round((full.joiningFee ?? 0) * 100)]);
    expect(items.map((i) => i.description)).toEqual(["Full member, first year's subscription", "Full member, joining fee"]);
    // The pro-forma invoice asked for the same two lines, with the same VAT.
    expect(JSON.parse(invoice!.items)).toEqual(JSON.parse(receipt!.items).map((i: { detail: string | null }) => ({ ...i, detail: expect.any(String) })));
  });
});

describe("a refused code", () => {
  it.each([
    [
      "NOSUCHCODE",
      "offline",
      "There is no discount code “NOSUCHCODE”. Check how it is spelt.",
    ],
    [
      "WEBONLY",
      "offline",
      "The code “WEBONLY” does not apply to this membership.",
    ],
    ["ENDED", "offline", "The code “ENDED” has expired"],
  ])(
    "%s (%s) comes back beside its field, typed values kept, nothing stored",
    async (code, paymentMethod, message) => {
      const form = validForm({
        discountCode: code,
        paymentMethod,
        givenName: "Kept",
      });
      const response = await new TestBrowser().post("/join", form);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toMatch(
        new RegExp(
          `id="discountCode"[^>]*value="${code}"|value="${code}"[^>]*id="discountCode"`,
        ),
      );
      expect(html).toContain('value="Kept"');
      expect(await applicationOf(form.idempotencyKey!)).toBeNull();
    },
  );
});

describe("the caps", () => {
  it("per person: a signed-in user who used the code cannot use it again", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const first = validForm({
      email: undefined,
      password: undefined,
      discountCode: "ONCEEACH",
    });
    expect((await browser.post("/join", first)).status).toBe(303);
    const second = validForm({
      email: undefined,
      password: undefined,
      discountCode: "ONCEEACH",
    });
    const again = await browser.post("/join", second);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(
      "You have already used the code “ONCEEACH”: each person can use it once.",
    );
  });

  it("in all: of five applications racing for the last two uses, two get them and three are told why", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const users = await Promise.all(
      Array.from({ length: 5 }, () => createUser()),
    );
    const browsers = await Promise.all(
      users.map(async (user) => {
        const browser = new TestBrowser();
        await browser.signIn(user.email, user.password);
        return browser;
      }),
    );
    const responses = await Promise.all(
      browsers.map((browser) =>
        browser.post(
          "/join",
          validForm({
            email: undefined,
            password: undefined,
            discountCode: "LASTTWO",
          }),
        ),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([
      303, 303, 400, 400, 400,
    ]);
    for (const refused of responses.filter((r) => r.status === 400)) {
      expect(await refused.text()).toContain(
        "The code “LASTTWO” has been used as many times as it can be",
      );
    }
    const uses = await env.DB.prepare(
      "SELECT count(*) AS n FROM discount_redemptions WHERE code = 'LASTTWO' AND application_id IS NOT NULL",
    ).first<{ n: number }>();
    expect(uses!.n).toBe(2);
    const applications = await env.DB.prepare(
      "SELECT count(*) AS n FROM applications WHERE discount LIKE '%LASTTWO%'",
    ).first<{ n: number }>();
    expect(applications!.n).toBe(2);
  }, 60_000);
});

describe("a code with card payment", () => {
  beforeEach(async () => {
    // What the demo membership's Stripe price costs (and its product), as Stripe would know it.
    await fakeStripe("/__prices", {
      body: JSON.stringify({
        price_demo_full_member_subscription: {
          unitAmount: Math.round(full.price * 100),
          product: "prod_demo_full_member",
        },
        price_demo_full_member_joining_fee: {
          unitAmount: Math.round((full.joiningFee ?? 0) * 100),
          product: "prod_demo_full_member_joining",
        },
      }),
    });
  });

  it("the join form accepts it and sends the applicant to Stripe, charging the discounted amount", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const form = validForm({ discountCode: "MEMBER20", paymentMethod: "card" });
    const response = await new TestBrowser().post("/join", form);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(
      new RegExp(`^${env.STRIPE_API_URL}/checkout/pay/cs_test_`),
    );
    const application = (await env.DB.prepare(
      "SELECT amount_due_pence, checkout_session_id FROM applications WHERE idempotency_key = ?1",
    )
      .bind(form.idempotencyKey!)
      .first<{ amount_due_pence: number; checkout_session_id: string }>())!;
    expect(application.amount_due_pence).toBe(undiscounted() - 2000);
    const session = await stripeObject<{
      amount_total: number;
      metadata: Record<string, string>;
    }>(`checkout/sessions/${application.checkout_session_id}`);
    expect(session.amount_total).toBe(undiscounted() - 2000);
    expect(session.metadata).toMatchObject({
      discountCode: "MEMBER20",
      firstYearDiscountPence: "2000",
    });
  });

  it("an application made for bank transfer can switch to card and keep its code", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const user = await createUser();
    const browser = new TestBrowser();
    await browser.signIn(user.email, user.password);
    const form = validForm({
      email: undefined,
      password: undefined,
      discountCode: "MEMBER20",
    });
    expect((await browser.post("/join", form)).status).toBe(303);
    const response = await browser.post("/user/membership/pay-by-card", {});
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(
      new RegExp(`^${env.STRIPE_API_URL}/checkout/pay/cs_test_`),
    );
    const application = (await env.DB.prepare(
      "SELECT payment_method, checkout_session_id FROM applications WHERE idempotency_key = ?1",
    )
      .bind(form.idempotencyKey!)
      .first<{ payment_method: string; checkout_session_id: string }>())!;
    expect(application.payment_method).toBe("card");
    expect(
      (
        await stripeObject<{ amount_total: number }>(
          `checkout/sessions/${application.checkout_session_id}`,
        )
      ).amount_total,
    ).toBe(undiscounted() - 2000);
  });
});
