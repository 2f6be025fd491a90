/**
 * The demo staff account's second factor in browser tests: its Worker's D1 gets the demo key
 * (scripts/lib/staff-totp.mjs, as `npm run dev` seeds it), and a page that lands on /staff/verify
 * is passed with the current code. A code is good once, so a second pass in the same 30 seconds
 * takes the next step's code (accepted, one step ahead), or waits for a fresh step.
 */
import type { Page, Response } from "playwright-core";
import { expect } from "vitest";
import { DEMO_ACCOUNTS } from "../../../scripts/lib/firebase.mjs";
import { demoSecondFactorSql, localTotpKey, totpCode } from "../../../scripts/lib/staff-totp.mjs";
import { ROOT } from "../../../scripts/lib/worker.mjs";
import { follow } from "./navigate";

/** SQL for a browser test's Worker: the demo staff account's second factor, set up. */
export const staffSecondFactorSql = (email: string = DEMO_ACCOUNTS.staff.email) => `${demoSecondFactorSql(email, localTotpKey(ROOT))};`;

let lastStep = 0;

/** A code for a step no earlier pass in this file used. */
async function freshCode(): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / 30);
    const step = [now, now + 1].find((candidate) => candidate > lastStep);
    if (step !== undefined) {
      lastStep = step;
      return totpCode(undefined, step * 30);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Whether the page is the second-factor check. */
export const onVerifyPage = (page: Page) => new URL(page.url()).pathname === "/staff/verify";

/** Enters the current code on /staff/verify and follows on to the page first asked for. */
export async function passStaffVerify(page: Page): Promise<Response> {
  expect(new URL(page.url()).pathname).toBe("/staff/verify");
  await page.getByLabel("Code", { exact: true }).fill(await freshCode());
  const response = await follow(page, () => page.getByRole("button", { name: "Continue" }).click());
  expect(response.status(), "the code is accepted").toBeLessThan(400);
  expect(onVerifyPage(page)).toBe(false);
  return response;
}
