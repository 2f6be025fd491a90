/** Staff members and their roles (migrations/0017_staff_roles.sql). */
export const STAFF_ROLES = ["admin", "membership", "finance", "read_only"] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);

/** A current staff member: who, with which role, and whether their second factor is set up. */
export interface StaffMember {
  email: string;
  role: StaffRole;
  /** A confirmed TOTP secret exists (else the member is sent to set one up). */
  secondFactorEnrolled: boolean;
}

/** A row of the team list on /staff/team. */
export interface TeamMember {
  email: string;
  role: StaffRole;
  addedBy: string;
  addedAt: string;
  secondFactorEnrolled: boolean;
}
