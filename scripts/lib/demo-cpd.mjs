/**
 * The demo member's CPD log for `npm run dev`: a confirmed Guild webinar (the recorded
 * "Exercise Prescription for Older Adults", 60 days ago) with its certificate, and an external
 * course of their own. Written once: later starts keep the rows (and the certificate's random
 * id) as they are, so a printed demo certificate keeps verifying.
 */
import { randomBytes } from "node:crypto";

const quote = (value) => `'${String(value).replaceAll("'", "''")}'`;

/** @param {{ uid: string, name: string }} member */
export function demoCpdSql(member) {
  const uid = quote(member.uid);
  const certificateId = randomBytes(16).toString("base64url");
  return [
    `INSERT OR IGNORE INTO cpd_entries (id, user_id, source, webinar_slug, activity_date, title, provider, hours_hundredths, category, reflection, confirmed_at, attendance)
     VALUES ('demo-cpd-webinar', ${uid}, 'webinar', 'exercise-prescription-for-older-adults', date('now', '-60 days'),
       'Exercise Prescription for Older Adults', 'The Guild of Example Physiotherapists', 150, 'clinical',
       'I now build balance work into every programme for patients over 70, and check confidence as well as strength.', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
       'opened-recording')`,
    `INSERT OR IGNORE INTO cpd_entries (id, user_id, source, activity_date, title, provider, hours_hundredths, category, reflection, evidence_url, confirmed_at)
     VALUES ('demo-cpd-course', ${uid}, 'manual', date('now', '-20 days'), 'Safeguarding adults, level 2', 'County Health Education', 300, 'professional',
       'Refreshed how to raise a concern and whom to tell; I have put the local contacts on the clinic notice board.',
       'https://training.example/certificates/safeguarding-level-2', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    `INSERT OR IGNORE INTO cpd_certificates (id, number, entry_id, user_id, holder_name, activity, activity_date, hours_hundredths, evidence)
     SELECT ${quote(certificateId)}, COALESCE((SELECT MAX(number) FROM cpd_certificates), 0) + 1, id, user_id, ${quote(member.name)}, title, activity_date, hours_hundredths, attendance
     FROM cpd_entries WHERE id = 'demo-cpd-webinar' AND user_id = ${uid}`,
  ].join(";\n");
}
