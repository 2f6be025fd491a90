/**
 * A person's own data: what the export hands them (or staff, for a data-subject request) and
 * what erasing their account removes (services/privacy, adapters/d1/personal-data-tables.ts).
 */

/** Whose data: the account's user id and its e-mail address. */
export interface DataSubject {
  userId: string;
  email: string;
  /**
   * Whether Firebase had verified the address. Rows found by the address alone (not through the
   * user id) are the person's only then: anyone can open an account for an address that has none.
   */
  emailVerified: boolean;
}

/** Each table's rows about the person, by table name, as stored. */
export type PersonalRows = Record<string, Record<string, unknown>[]>;

/** The JSON file "Download my data" gives. */
export interface DataExport {
  exportedAt: string;
  account: { userId: string; email: string };
  /** Whether rows found by the address alone are in it (only once Firebase has verified the address). */
  emailVerified: boolean;
  /** Each table that can hold data about a person, with its rows about this one (maybe none). */
  tables: PersonalRows;
}

/**
 * Why erasing an account cannot go ahead now: the address is on the staff list (an
 * administrator removes it first), or the membership renews by card and Stripe is not
 * configured to stop it.
 */
export type ErasureBlock = "on-staff-list" | "card-payments-unavailable";
