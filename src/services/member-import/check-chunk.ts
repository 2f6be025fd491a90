/**
 * Checking one chunk of an import file's staged rows: every row read strictly (validate-row.ts),
 * the Stripe ids it links checked with Stripe (stripe-links.ts, at most MAX_STRIPE_LINKS rows per
 * file), and the plan against what D1 holds for the chunk's addresses and numbers (plan.ts), with
 * the claim invitation of each member to invite. Duplicates within the file are found afterwards
 * in D1 (member-import-jobs.ts), since an earlier row may be in an earlier chunk.
 */
import type { CheckedRow, StagedRow } from "../../adapters/d1/member-import-jobs";
import type { ExistingMembers, MemberImportStore } from "../../adapters/d1/member-import";
import type { ImportAction, ImportedMember, ImportProblem } from "../../domain/member-import";
import type { ColumnIndex } from "./mapping";
import { planImport } from "./plan";
import { checkStripeLinks, MAX_STRIPE_LINKS, type StripeLookups } from "./stripe-links";
import { validateRow, type MembershipType } from "./validate-row";

export interface ChunkContext {
  columns: ColumnIndex;
  types: readonly MembershipType[];
  existing: MemberImportStore["existing"];
  stripe: StripeLookups | null;
  /** Rows of the file before this chunk that named a Stripe customer. */
  stripeLinksBefore: number;
  invite: boolean;
  /** The day of the check in London (YYYY-MM-DD): no consent given after it, no concession ended before it. */
  today: string;
}

export interface CheckedChunk {
  rows: CheckedRow[];
  /** Problems with the file as a whole found in this chunk (too many Stripe links). */
  fileProblems: ImportProblem[];
  stripeLinks: number;
}

/** Whether the member gets a claim invitation: not skipped or cancelled, not invited before, not yet claimed by a sign-in. */
function invitable(action: ImportAction, existing: ExistingMembers): boolean {
  const { member } = action;
  if (action.kind === "skip" || member.status === "cancelled" || existing.invited.has(member.email)) return false;
  return (existing.imported.get(member.email)?.userId ?? `email:${member.email}`).startsWith("email:");
}

async function stripeProblems(context: ChunkContext, members: readonly ImportedMember[]): Promise<{ row: ImportProblem[]; file: ImportProblem[]; linked: number }> {
  const linked = members.filter((m) => m.stripeCustomerId !== null).length;
  const total = context.stripeLinksBefore + linked;
  if (linked === 0) return { row: [], file: [], linked };
  if (context.stripe && total > MAX_STRIPE_LINKS) {
    // Said once, by the chunk that goes past the limit.
    const file =
      context.stripeLinksBefore <= MAX_STRIPE_LINKS
        ? [
            {
              line: null,
              column: "stripe_customer_id",
              message: `More than ${MAX_STRIPE_LINKS} rows name a Stripe customer; one file may link at most ${MAX_STRIPE_LINKS} (each is checked with Stripe). Split the file and import the parts one after another.`,
            },
          ]
        : [];
    return { row: [], file, linked };
  }
  const problems = await checkStripeLinks(context.stripe, members);
  // Without card payments the one problem has no line: it is the file's, said once.
  const file = problems.filter((p) => p.line === null && context.stripeLinksBefore === 0);
  return { row: problems.filter((p) => p.line !== null), file, linked };
}

export async function checkChunk(context: ChunkContext, staged: readonly StagedRow[]): Promise<CheckedChunk> {
  const problemsBySeq = new Map<number, ImportProblem[]>();
  const members: { seq: number; member: ImportedMember }[] = [];
  for (const row of staged) {
    const checked = validateRow(row, context.columns, context.types, context.today);
    if (checked.ok) members.push({ seq: row.seq, member: checked.member });
    else problemsBySeq.set(row.seq, checked.problems);
  }
  const valid = members.map((m) => m.member);
  const stripe = await stripeProblems(context, valid);
  const existing = await context.existing(
    valid.map((m) => m.email),
    valid.flatMap((m) => (m.memberNumber === null ? [] : [m.memberNumber])),
  );
  const { actions, problems } = planImport(valid, existing);
  const problemsByLine = new Map<number | null, ImportProblem[]>();
  for (const problem of [...problems, ...stripe.row]) problemsByLine.set(problem.line, [...(problemsByLine.get(problem.line) ?? []), problem]);
  const actionByLine = new Map(actions.map((a) => [a.member.line, a]));
  const memberBySeq = new Map(members.map((m) => [m.seq, m.member]));

  const rows: CheckedRow[] = staged.map((row) => {
    const member = memberBySeq.get(row.seq) ?? null;
    if (!member) return { seq: row.seq, email: null, memberNumber: null, member: null, action: null, detail: null, problems: problemsBySeq.get(row.seq) ?? [], invitation: null };
    const action = actionByLine.get(member.line) ?? null;
    const invitation =
      context.invite && action && invitable(action, existing)
        ? { name: member.name, membershipTitle: member.membershipTitle, memberNumber: member.memberNumber ?? existing.imported.get(member.email)?.memberNumber ?? null, email: member.email }
        : null;
    return {
      seq: row.seq,
      email: member.email,
      memberNumber: member.memberNumber,
      member,
      action: action?.kind ?? null,
      detail: action?.kind === "change" ? action.changes.join("; ") : action?.kind === "skip" ? action.reason : null,
      problems: problemsByLine.get(member.line) ?? [],
      invitation,
    };
  });
  return { rows, fileProblems: stripe.file, stripeLinks: stripe.linked };
}
