/**
 * The review screen's regulator register answer, from the vetting service with a FAKE register
 * (test/support/fake-regulator-register.ts): listed, not listed, unreachable, or not asked.
 */
import { describe, expect, it, vi } from "vitest";
import type { RegulatorRegister } from "../../../src/domain/regulator-register";
import { createVetting, type VettingDeps } from "../../../src/services/vetting/vetting-service";
import { unconfiguredRegister } from "../../../src/adapters/regulator/unconfigured-register";
import { application } from "../../fixtures/membership";
import { fakeRegulatorRegister } from "../../support/fake-regulator-register";

function vettingWith(register: RegulatorRegister) {
  const deps = {
    store: { documents: async () => [] },
    register,
    log: { warn: vi.fn(), info: vi.fn(), error: vi.fn() },
  } as unknown as VettingDeps;
  return createVetting(deps);
}

const withNumber = (registrationNumber: string | null) => {
  const a = application({ vetting: "pending" });
  return { ...a, details: { ...a.details, professional: { ...a.details.professional, registrationNumber } } };
};

describe("the regulator register on the review screen", () => {
  it("says whether the register lists the applicant's number, and under what name", async () => {
    const register = fakeRegulatorRegister({ PH123456: "Ada Example" });
    expect((await vettingWith(register).review(withNumber("PH123456"))).register).toEqual({ kind: "listed", registeredName: "Ada Example", register: "the fake register" });
    expect((await vettingWith(register).review(withNumber("PH999999"))).register).toEqual({ kind: "not-listed", register: "the fake register" });
  });

  it("goes ahead without an answer when the register cannot be reached, and asks nothing without a number", async () => {
    const down = fakeRegulatorRegister({}, { unreachable: true });
    expect((await vettingWith(down).review(withNumber("PH123456"))).register.kind).toBe("not-checked");
    const idle = fakeRegulatorRegister({});
    expect((await vettingWith(idle).review(withNumber(null))).register).toEqual({ kind: "not-checked", why: "The application gives no registration number" });
    expect(idle.asked).toEqual([]);
  });

  it("with no register set up (the site today), says so and asks nothing outside", async () => {
    expect((await vettingWith(unconfiguredRegister).review(withNumber("PH123456"))).register).toEqual({ kind: "not-checked", why: "No regulator register is set up for this site" });
  });
});
