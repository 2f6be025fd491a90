/**
 * Staff bring the society's existing members across from a CSV file (/staff/members/import).
 * The dry run reads the whole file and reports every row it would create or change and every
 * problem (line, column, why), writing nothing. The real run does the same checks and, only if
 * there is no problem at all, writes every created or changed record in one D1 batch (one
 * transaction: all of it or none), with the staff audit entry and, when asked, a "claim your
 * membership" invitation to each member who has not yet signed in. Running it again changes
 * nothing: unchanged rows are not written, and each address is invited once (dedupe key).
 *
 * Records are made under user id `email:<address>` and claimed by their owner only through a
 * verified e-mail address (services/membership/claim.ts).
 *
 * A card payer may come with their Stripe customer and subscription (optional columns): both
 * runs check each with Stripe (stripe-links.ts: bounded, at most MAX_STRIPE_LINKS rows per
 * file) and link them to the record, so Stripe keeps renewing the member; a card payer without
 * a live subscription is offered renewal by card or bank transfer on their membership page.
 * Sizes: at most MAX_IMPORT_ROWS rows per file, so 60,000 members are at least six files; of
 * those rows at most MAX_STRIPE_LINKS may name Stripe ids (60,000 linked card payers: 120 files).
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { ExistingMembers, MemberImportStore } from "../../adapters/d1/member-import";
import type { ImportAction, ImportedMember, ImportProblem, ImportReport } from "../../domain/member-import";
import type { Logger } from "../../log";
import type { EmailOutbox, EmailRequest } from "../email/outbox";
import { readHeader } from "./columns";
import { CsvError, decodeUtf8, parseCsv } from "./csv";
import { duplicates, planImport } from "./plan";
import { checkStripeLinks, type StripeLookups } from "./stripe-links";
import { validateRow, type MembershipType } from "./validate-row";

/** The largest file accepted: 5,000 members take about 1 MB; this leaves room and bounds the work. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** The most member rows in one file. */
export const MAX_IMPORT_ROWS = 10_000;

export interface MemberImportDeps {
  store: MemberImportStore;
  membershipTypes: () => Promise<MembershipType[]>;
  outbox: Pick<EmailOutbox, "prepareMany" | "deliverSoon">;
  audit: Pick<AuditLog, "record">;
  batch: (statements: D1PreparedStatement[]) => Promise<unknown>;
  /** Stripe's customers and subscriptions, to check the ids a file links; null without card payments. */
  stripe: StripeLookups | null;
  waitUntil: (promise: Promise<unknown>) => void;
  log: Logger;
}

export interface MemberImport {
  /** The dry run: what the file would do, writing nothing. */
  check(file: Uint8Array): Promise<ImportReport>;
  /** The real run: writes it all if there is no problem, else nothing. */
  run(file: Uint8Array, options: { staffEmail: string; invite: boolean }): Promise<ImportReport>;
}

interface Checked {
  rows: number;
  members: ImportedMember[];
  problems: ImportProblem[];
}

const fileProblem = (message: string, line: number | null = null): Checked => ({ rows: 0, members: [], problems: [{ line, column: null, message }] });

async function readFile(file: Uint8Array, types: () => Promise<MembershipType[]>, stripe: StripeLookups | null): Promise<Checked> {
  if (file.byteLength === 0) return fileProblem("The file is empty. Choose the CSV file of members.");
  if (file.byteLength > MAX_IMPORT_BYTES) return fileProblem(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it and import the parts one after another.`);
  let records;
  try {
    records = parseCsv(decodeUtf8(file));
  } catch (error) {
    if (error instanceof CsvError) return fileProblem(error.message, error.line);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) return fileProblem("The file is empty. Choose the CSV file of members.");
  const columns = readHeader(header.fields);
  if (!columns.ok) return { rows: rows.length, members: [], problems: columns.problems.map((message) => ({ line: header.line, column: null, message })) };
  if (rows.length === 0) return fileProblem("The file has a header but no members.");
  if (rows.length > MAX_IMPORT_ROWS) return fileProblem(`The file has ${rows.length} members; import at most ${MAX_IMPORT_ROWS} at a time.`);
  const known = await types();
  const members: ImportedMember[] = [];
  const problems: ImportProblem[] = [];
  for (const row of rows) {
    const checked = validateRow(row, columns.index, known);
    if (checked.ok) members.push(checked.member);
    else problems.push(...checked.problems);
  }
  problems.push(...duplicates(members));
  problems.push(...(await checkStripeLinks(stripe, members)));
  return { rows: rows.length, members, problems };
}

const byLine = (a: ImportProblem, b: ImportProblem) => (a.line ?? 0) - (b.line ?? 0);

/** Members to invite: in the file, not cancelled, not invited before, and not yet claimed by a sign-in. */
function invitable(actions: readonly ImportAction[], existing: ExistingMembers): ImportedMember[] {
  return actions
    .filter((action) => action.kind !== "skip")
    .map((action) => action.member)
    .filter((member) => member.status !== "cancelled" && !existing.invited.has(member.email))
    .filter((member) => (existing.imported.get(member.email)?.userId ?? `email:${member.email}`).startsWith("email:"));
}

export function createMemberImport(deps: MemberImportDeps): MemberImport {
  async function plan(file: Uint8Array) {
    const checked = await readFile(file, deps.membershipTypes, deps.stripe);
    if (checked.problems.length > 0) return { checked, existing: null, actions: [] as ImportAction[], problems: checked.problems.sort(byLine) };
    const numbers = checked.members.flatMap((m) => (m.memberNumber === null ? [] : [m.memberNumber]));
    const existing = await deps.store.existing(
      checked.members.map((m) => m.email),
      numbers,
    );
    const { actions, problems } = planImport(checked.members, existing);
    return { checked, existing, actions, problems: problems.sort(byLine) };
  }

  return {
    async check(file) {
      const { checked, actions, problems } = await plan(file);
      return { rows: checked.rows, actions, problems, written: false, invitations: 0 };
    },

    async run(file, { staffEmail, invite }) {
      const { checked, existing, actions, problems } = await plan(file);
      if (problems.length > 0 || !existing) return { rows: checked.rows, actions, problems, written: false, invitations: 0 };
      const toWrite = actions.flatMap((a) => (a.kind === "create" || a.kind === "change" ? [a.member] : []));
      const invitations: EmailRequest[] = invite
        ? invitable(actions, existing).map((member) => ({
            kind: "claim-invitation",
            event: member.email,
            to: { email: member.email, userId: null },
            data: { name: member.name, membershipTitle: member.membershipTitle, memberNumber: member.memberNumber ?? existing.imported.get(member.email)?.memberNumber ?? null, email: member.email },
          }))
        : [];
      const email = deps.outbox.prepareMany(invitations);
      const count = (kind: ImportAction["kind"]) => actions.filter((a) => a.kind === kind).length;
      const audit = deps.audit.record({
        staffEmail,
        action: "members.imported",
        details: { rows: checked.rows, created: count("create"), changed: count("change"), unchanged: count("unchanged"), skipped: count("skip"), invited: invitations.length },
      });
      if (toWrite.length > 0 || email.statements.length > 0) {
        await deps.batch([...deps.store.upserts(toWrite), ...email.statements, audit]);
        deps.waitUntil(deps.outbox.deliverSoon(email.ids));
      }
      deps.log.info("members.imported", { rows: checked.rows, written: toWrite.length, invited: invitations.length });
      return { rows: checked.rows, actions, problems, written: true, invitations: invitations.length };
    },
  };
}
