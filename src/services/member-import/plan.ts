/**
 * What importing checked members would do, given what D1 holds: create a record, change one the
 * import made before, leave it unchanged, or skip it. Pure, so the dry run and the real run
 * decide alike and the rules are tested without a database.
 *
 * - A record the import made and its owner has since claimed (signed in with the verified
 *   address) belongs to them now: the import leaves it alone, so re-running an old file never
 *   undoes a renewal made on the site.
 * - An address that already has a membership made on the site (joined online, a staff grant) is
 *   skipped: staff decide, the import never merges.
 * - A member number may not belong to anyone else; a blank number keeps the one given before.
 */
import type { ExistingMembers, ImportedRecord } from "../../adapters/d1/member-import";
import type { ImportAction, ImportedMember, ImportProblem } from "../../domain/member-import";

const isUnclaimed = (record: ImportedRecord) => record.userId.startsWith("email:");

/** The fields that differ, in staff's words ("status: active → lapsed"). */
export function differences(member: ImportedMember, record: ImportedRecord): string[] {
  const changes: string[] = [];
  const compare = (label: string, before: string | number | null, after: string | number | null) => {
    if (before !== after) changes.push(`${label}: ${before ?? "(none)"} → ${after ?? "(none)"}`);
  };
  compare("name", record.name, member.name);
  compare("membership", record.membershipSlug, member.membershipSlug);
  compare("status", record.status, member.status);
  compare("period start", record.periodStart, member.periodStart);
  compare("period end", record.periodEnd, member.periodEnd);
  if (member.memberNumber !== null) compare("member number", record.memberNumber, member.memberNumber);
  compare("address", record.address, member.address);
  compare("payment method", record.paymentMethod, member.paymentMethod);
  compare("consents", record.consents.join(";") || null, member.consents.join(";") || null);
  compare("Stripe customer", record.stripeCustomerId, member.stripeCustomerId);
  compare("Stripe subscription", record.stripeSubscriptionId, member.stripeSubscriptionId);
  compare("honorary or life", record.honour, member.honour);
  const concession = (c: ImportedMember["concession"]) => (c ? `£${(c.pence / 100).toFixed(2)} a year until ${c.until} (${c.reason})` : null);
  compare("concession", concession(record.concession), concession(member.concession));
  return changes;
}

export function planImport(members: readonly ImportedMember[], existing: ExistingMembers): { actions: ImportAction[]; problems: ImportProblem[] } {
  const actions: ImportAction[] = [];
  const problems: ImportProblem[] = [];
  for (const member of members) {
    if (member.memberNumber !== null && existing.numbers.has(member.memberNumber) && existing.numbers.get(member.memberNumber) !== member.email) {
      problems.push({ line: member.line, column: "member_number", message: `Member number ${member.memberNumber} already belongs to another member` });
      continue;
    }
    const record = existing.imported.get(member.email);
    if (!record) {
      if (existing.madeOnSite.has(member.email)) {
        actions.push({ kind: "skip", member, reason: "This address already has a membership made on the site; change it there" });
      } else actions.push({ kind: "create", member });
      continue;
    }
    const changes = differences(member, record);
    if (changes.length === 0) actions.push({ kind: "unchanged", member });
    else if (!isUnclaimed(record)) actions.push({ kind: "skip", member, reason: "Its owner has signed in and claimed it, so it is theirs now; change it on the site" });
    else actions.push({ kind: "change", member, changes });
  }
  return { actions, problems };
}
