/**
 * A FAKE regulator register for tests: it lists the numbers it is given, under their names, and
 * can be made unreachable. No real register is asked by any test (or by the site at run time).
 */
import type { RegisterCheck, RegulatorRegister } from "../../src/domain/regulator-register";

export function fakeRegulatorRegister(listed: Record<string, string>, options: { unreachable?: boolean } = {}): RegulatorRegister & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async check(registrationNumber): Promise<RegisterCheck> {
      asked.push(registrationNumber);
      if (options.unreachable) throw new Error("fake register: unreachable");
      const name = listed[registrationNumber.toUpperCase()];
      return name ? { kind: "listed", registeredName: name, register: "the fake register" } : { kind: "not-listed", register: "the fake register" };
    },
  };
}
