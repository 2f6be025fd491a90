/**
 * What a certificate's public check says the society verified: never more than the Worker saw.
 * It is read by employers and regulators.
 */
import { describe, expect, it } from "vitest";
import { evidenceWords } from "../../../src/views/cpd/certificate-evidence";

describe("a certificate's evidence", () => {
  it("a join while the session ran is recorded attendance, and says time in the session is not recorded", () => {
    const words = evidenceWords("joined-live");
    expect(words.headline).toBe("Attendance recorded: joined the live session");
    expect(words.detail).toContain("Time spent in the session is not recorded");
  });

  it("an opened recording page is only that: watching it is the member's declaration", () => {
    const words = evidenceWords("opened-recording");
    expect(words.headline).toBe("Recording page opened; watching it is declared by the member");
    expect(`${words.headline} ${words.detail}`).not.toMatch(/attendance recorded|viewed|watched the/i);
  });

  it("without a record of how, it rests on the member's declaration alone", () => {
    expect(evidenceWords(null).headline).toBe("Self-declared by the member");
    expect(evidenceWords(null).detail).not.toMatch(/recorded that|joined|opened/i);
  });

  it("at an event, being checked in or staying online for the event's minimum share is attendance verified by the society", () => {
    expect(evidenceWords("checked-in").headline).toBe("Attendance verified by the society");
    expect(evidenceWords("checked-in").detail).toContain("checked the holder in");
    expect(evidenceWords("attended-online").headline).toBe("Attendance verified by the society");
    expect(evidenceWords("attended-online").detail).toContain("attendance record");
  });
});
