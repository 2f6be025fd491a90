/**
 * Continuing professional development (migrations/0020_cpd.sql): the member's log of learning,
 * and the certificates issued for confirmed webinar entries. Hours travel as hundredths of an
 * hour, so that totals add up exactly.
 */

/** The kinds of learning a log groups its totals by; a webinar's `cpdCategory` in the CMS is one of these keys. */
export const CPD_CATEGORIES = {
  clinical: "Clinical practice",
  professional: "Professional practice and ethics",
  leadership: "Leadership and management",
  education: "Education and research",
  other: "Other learning",
} as const;

export type CpdCategory = keyof typeof CPD_CATEGORIES;

export const isCpdCategory = (value: unknown): value is CpdCategory => typeof value === "string" && Object.hasOwn(CPD_CATEGORIES, value);

/** One entry is between a quarter of an hour and 100 hours. */
export const CPD_MIN_HUNDREDTHS = 25;
export const CPD_MAX_HUNDREDTHS = 10_000;

/**
 * How the society saw an activity attended. A webinar: the member pressed Join while the live
 * session was running, or opened the page that plays its recording (which shows only that the
 * page was opened, not that anything was watched). An event: staff checked the attendee in at
 * the door, or the online session's attendance report (or staff, by hand) shows they stayed
 * (migrations/0056). What a certificate may say follows from it.
 */
export const CPD_ATTENDANCE = ["joined-live", "opened-recording", "checked-in", "attended-online"] as const;
export type CpdAttendance = (typeof CPD_ATTENDANCE)[number];

export const isCpdAttendance = (value: unknown): value is CpdAttendance => (CPD_ATTENDANCE as readonly unknown[]).includes(value);

/** Attendance the society itself verified at an event: its entries are confirmed by the society. */
export const isEventAttendance = (value: CpdAttendance | null): value is "checked-in" | "attended-online" => value === "checked-in" || value === "attended-online";

export interface CpdEntry {
  id: string;
  userId: string;
  /**
   * Added by attending a webinar; by the society for an event the member attended (confirmed by
   * the society, one per attendee's place); or by the member for an external activity (self-declared).
   */
  source: "webinar" | "manual" | "event";
  /** The webinar's slug, for webinar entries. */
  webinarSlug: string | null;
  /** The attendee's place, for event entries. */
  eventAttendeeId: string | null;
  /** The day of the activity (YYYY-MM-DD); a webinar's is the webinar's date in London. */
  activityDate: string;
  title: string;
  provider: string;
  hoursHundredths: number;
  category: CpdCategory;
  reflection: string;
  evidenceUrl: string | null;
  /** When the member confirmed it (manual entries are confirmed when written). */
  confirmedAt: string | null;
  /** How a webinar's attendance was recorded; null for manual entries and those recorded before it was kept. */
  attendance: CpdAttendance | null;
  /** The certificate issued for it, if any. */
  certificate: { id: string; number: number; revoked: boolean } | null;
}

/** What the member writes for a manual entry (all of it), or for a webinar entry (reflection only). */
export interface CpdEntryFields {
  activityDate: string;
  title: string;
  provider: string;
  hoursHundredths: number;
  category: CpdCategory;
  reflection: string;
  evidenceUrl: string | null;
}

/** A year of the log, with its totals (confirmed entries only count). */
export interface CpdYear {
  year: number;
  entries: CpdEntry[];
  totalHundredths: number;
  byCategory: { category: CpdCategory; hundredths: number }[];
  /** The society's yearly target in hundredths, or null when the CMS sets none. */
  targetHundredths: number | null;
}

export interface CpdCertificate {
  id: string;
  number: number;
  entryId: string;
  userId: string;
  holderName: string;
  activity: string;
  activityDate: string;
  hoursHundredths: number;
  issuedAt: string;
  /** What the society verified, copied from the entry at issue; null: only the member's declaration. */
  evidence: CpdAttendance | null;
  /** The webinar's CMS id, as entitlements key it; null on certificates issued before it was kept. */
  webinarId: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
  revokedReason: string | null;
}

/**
 * What the public check of a certificate may say: a valid one in full; a revoked one only that it
 * was revoked and when (the name and activity are no longer vouched for).
 */
/** A revoked certificate says only when; `event`: it rested on attendance at an event, which a refund or cancellation withdraws. */
export type CertificateCheck = { status: "valid"; certificate: CpdCertificate } | { status: "revoked"; revokedAt: string; event: boolean };

/** The certificate's human number, e.g. CPD-000042. */
export const certificateNumber = (number: number) => `CPD-${String(number).padStart(6, "0")}`;

/** A number of hours in hundredths as people write it: 1.5, 0.25, 12. */
export const formatHours = (hundredths: number) => String(hundredths / 100);
