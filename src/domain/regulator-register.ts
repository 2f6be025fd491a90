/**
 * A regulator's public register of practitioners, checked for an applicant's registration
 * number where the regulator offers an API (docs/decisions/0056). Only the shape: the site runs
 * with no register configured (src/adapters/regulator), tests with a named fake, and a real one
 * is an adapter implementing this interface. The answer only informs staff's decision; it never
 * approves or rejects by itself.
 */
export type RegisterCheck =
  /** The register lists the number, under this name. */
  | { kind: "listed"; registeredName: string; register: string }
  /** The register was asked and does not list the number. */
  | { kind: "not-listed"; register: string }
  /** Nothing was asked: no register is set up, the application gives no number, or the register could not be reached. */
  | { kind: "not-checked"; why: string };

export interface RegulatorRegister {
  check(registrationNumber: string): Promise<RegisterCheck>;
}
