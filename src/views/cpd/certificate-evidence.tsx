/**
 * What a certificate says the society verified of the holder's attendance, and no more: it is
 * read by employers and regulators. Pressing Join while the session ran is recorded attendance
 * (time in the session is not); opening the recording's page is recorded, but how much was
 * watched is not, so watching it is the holder's declaration; a certificate issued before the
 * Worker kept either rests on the holder's declaration alone. At an event, the society itself
 * saw the holder there (checked in at the door, or in the online session's attendance report
 * for at least the event's minimum share): that, and only that, reads "verified by the society".
 */
import type { CpdAttendance } from "../../domain/cpd";

export interface EvidenceWords {
  headline: string;
  detail: string;
}

const WORDS: Record<CpdAttendance | "declared", EvidenceWords> = {
  "joined-live": {
    headline: "Attendance recorded: joined the live session",
    detail: "The holder pressed Join on the society's website while the live session was running and was sent on to it. Time spent in the session is not recorded.",
  },
  "opened-recording": {
    headline: "Recording page opened; watching it is declared by the member",
    detail: "The holder opened the page that plays the recording on the society's website. The society cannot see how much of it was watched: that is the holder's own declaration.",
  },
  "checked-in": {
    headline: "Attendance verified by the society",
    detail: "The society's staff checked the holder in at the event with their ticket.",
  },
  "attended-online": {
    headline: "Attendance verified by the society",
    detail: "The online session's attendance record shows the holder stayed for at least the share of the session the society requires for CPD.",
  },
  declared: {
    headline: "Self-declared by the member",
    detail: "The holder confirmed this activity in their CPD log; the society's website did not record how they attended.",
  },
};

export const evidenceWords = (evidence: CpdAttendance | null): EvidenceWords => WORDS[evidence ?? "declared"];

/** The evidence as a summary row's content: the headline, then what it means. */
export function CertificateEvidence({ evidence }: { evidence: CpdAttendance | null }) {
  const words = evidenceWords(evidence);
  return (
    <>
      <strong data-certificate-evidence={evidence ?? "declared"}>{words.headline}</strong>
      <br />
      {words.detail}
    </>
  );
}
