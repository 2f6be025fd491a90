/**
 * The regulator register when none is set up (every deployment today): nothing is asked of any
 * outside service, and staff are told so beside the registration number.
 */
import type { RegulatorRegister } from "../../domain/regulator-register";

export const unconfiguredRegister: RegulatorRegister = {
  check: async () => ({ kind: "not-checked", why: "No regulator register is set up for this site" }),
};
