/** The staff list in D1 (staff_members, migrations/0017_staff_roles.sql). */
import type { StaffMember, StaffRole, TeamMember } from "../../domain/staff";

export interface StaffStore {
  /** The current (not removed) staff member with this address, or null. */
  member(email: string): Promise<StaffMember | null>;
  /** Current staff, administrators first, then by address. */
  list(): Promise<TeamMember[]>;
  /** The addresses of current staff with any of these roles, in address order. */
  addressesWithRoles(roles: readonly StaffRole[]): Promise<string[]>;
  /** Adds an administrator from STAFF_EMAILS unless the address was ever on the list (a removed one stays removed). */
  seed(email: string): D1PreparedStatement;
  /** Adds the address, or brings back a removed one with this role; changes nothing for current staff. */
  add(email: string, role: StaffRole, addedBy: string): D1PreparedStatement;
  /** Changes a current member's role; changes nothing when it is already that role. */
  changeRole(email: string, role: StaffRole): D1PreparedStatement;
  remove(email: string): D1PreparedStatement;
}

interface MemberRow {
  email: string;
  role: StaffRole;
  added_by: string;
  added_at: string;
  enrolled: number;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
const SELECT = `SELECT s.email, s.role, s.added_by, s.added_at,
  EXISTS (SELECT 1 FROM staff_second_factors f WHERE f.email = s.email AND f.confirmed_at IS NOT NULL) AS enrolled
  FROM staff_members s WHERE s.removed_at IS NULL`;

export function createStaffStore(db: D1Database): StaffStore {
  return {
    async member(email) {
      const row = await db.prepare(`${SELECT} AND s.email = ?1`).bind(email).first<MemberRow>();
      return row ? { email: row.email, role: row.role, secondFactorEnrolled: row.enrolled === 1 } : null;
    },
    async list() {
      const { results } = await db.prepare(`${SELECT} ORDER BY s.role != 'admin', s.email`).all<MemberRow>();
      return results.map((r) => ({ email: r.email, role: r.role, addedBy: r.added_by, addedAt: r.added_at, secondFactorEnrolled: r.enrolled === 1 }));
    },
    async addressesWithRoles(roles) {
      const { results } = await db
        .prepare("SELECT email FROM staff_members WHERE removed_at IS NULL AND role IN (SELECT value FROM json_each(?1)) ORDER BY email")
        .bind(JSON.stringify(roles))
        .all<{ email: string }>();
      return results.map((r) => r.email);
    },
    seed: (email) => db.prepare("INSERT OR IGNORE INTO staff_members (email, role, added_by) VALUES (?1, 'admin', 'STAFF_EMAILS')").bind(email),
    add: (email, role, addedBy) =>
      db
        .prepare(
          `INSERT INTO staff_members (email, role, added_by) VALUES (?1, ?2, ?3)
           ON CONFLICT (email) DO UPDATE SET role = excluded.role, added_by = excluded.added_by, added_at = ${NOW}, removed_at = NULL
           WHERE staff_members.removed_at IS NOT NULL`,
        )
        .bind(email, role, addedBy),
    changeRole: (email, role) => db.prepare("UPDATE staff_members SET role = ?2 WHERE email = ?1 AND removed_at IS NULL AND role != ?2").bind(email, role),
    remove: (email) => db.prepare(`UPDATE staff_members SET removed_at = ${NOW} WHERE email = ?1 AND removed_at IS NULL`).bind(email),
  };
}
