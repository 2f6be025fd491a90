/**
 * Duplicate member records (services/membership/member-merge.ts):
 *   GET  /staff/members/duplicates           records sharing a match key, a page at a time (?after=kind|key)
 *   GET  /staff/members/merge?a=…&b=…        the two records side by side, with the merge form
 *   POST /staff/members/merge                merge one into the other as chosen, with a reason
 * A problem or a refusal brings the form back (400) with the choices made and the problem beside
 * its field; a change to either record since the form was made is refused (409), nothing merged,
 * the form made again from the records as they now are, with the choices kept.
 * Mounted before the member's page, whose `:userId` would otherwise take "duplicates" and "merge".
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import { STALE_MESSAGE } from "../http/member-office-forms";
import { reasonSchema, typed } from "../http/staff-forms";
import { MERGE_FIELDS, type MergeComparison, type MergeField, type MergeSide } from "../domain/member-merge";
import { hrefs } from "../shared/links";
import type { StaffEnv } from "../types";
import { MemberDuplicatesContent } from "../views/staff/member-duplicates-content";
import { MemberMergeForm } from "../views/staff/member-merge-form";

const screen = { section: null, isPrivate: true } as const;

const id = z.string().trim().min(1).max(200);
const pairSchema = z.object({ a: id, b: id });
const cursorSchema = z.string().max(600).regex(/^(email|phone|name-postcode)\|.+$/);
const side = (missing: string) => z.enum(["a", "b"], { error: missing });

const mergeSchema = z.object({
  survivor: side("Choose which record stays"),
  ...(Object.fromEntries(MERGE_FIELDS.map((field) => [`keep-${field}`, side("Choose which record's value to keep")])) as Record<`keep-${MergeField}`, ReturnType<typeof side>>),
  reason: reasonSchema("Enter the reason for the merge").shape.reason,
  confirmOverlap: z.literal("on").optional(),
  version: z.string().max(100),
});

const versionOf = (comparison: MergeComparison) => `${comparison.a.record.updated_at}|${comparison.b.record.updated_at}`;

async function renderForm(c: Context<StaffEnv>, comparison: MergeComparison, values: Record<string, string>, errors: Record<string, string>, status: 200 | 400 | 409 = 200) {
  return c.render(<MemberMergeForm comparison={comparison} values={values} errors={errors} csrfToken={await c.var.csrfToken()} />, {
    layout: await c.var.services.content.layout(),
    ...screen,
    head: { pageTitle: status === 200 ? "Merge two records" : "There is a problem — merge two records", noindex: true },
    status,
  });
}

export const staffMemberMergeRoutes = new Hono<StaffEnv>()
  .get("/staff/members/duplicates", async (c) => {
    const raw = c.req.query("after");
    const cursor = raw === undefined ? null : cursorSchema.safeParse(raw);
    if (cursor && !cursor.success) return c.redirect(hrefs.staffDuplicates, 303);
    const [kind = "", ...rest] = cursor?.data.split("|") ?? [];
    const page = await c.var.services.memberMerge.duplicates(cursor ? { kind, key: rest.join("|") } : null);
    const nextHref = page.next ? `${hrefs.staffDuplicates}?after=${encodeURIComponent(`${page.next.kind}|${page.next.key}`)}` : null;
    return c.render(<MemberDuplicatesContent groups={page.groups} nextHref={nextHref} firstPage={cursor === null} />, {
      layout: await c.var.services.content.layout(),
      ...screen,
      head: { pageTitle: "Possible duplicate records", noindex: true },
    });
  })
  .get("/staff/members/merge", async (c) => {
    const pair = pairSchema.safeParse(c.req.query());
    if (!pair.success) return c.redirect(hrefs.staffDuplicates, 303);
    const comparison = await c.var.services.memberMerge.compare(pair.data.a, pair.data.b);
    return renderForm(c, comparison, { version: versionOf(comparison) }, {});
  })
  .post("/staff/members/merge", async (c) => {
    const body = (await c.req.parseBody()) as Record<string, unknown>;
    const pair = pairSchema.safeParse(body);
    if (!pair.success) return c.redirect(hrefs.staffDuplicates, 303);
    const comparison = await c.var.services.memberMerge.compare(pair.data.a, pair.data.b);
    const values = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typed(v)]));
    const parsed = mergeSchema.safeParse(body);
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]).reverse());
      return renderForm(c, comparison, values, errors, 400);
    }
    const form = parsed.data;
    const [survivorUserId, mergedUserId] = form.survivor === "a" ? [pair.data.a, pair.data.b] : [pair.data.b, pair.data.a];
    const [versionA = "", versionB = ""] = form.version.split("|");
    const [survivorVersion, mergedVersion] = form.survivor === "a" ? [versionA, versionB] : [versionB, versionA];
    const choices = Object.fromEntries(MERGE_FIELDS.map((field) => [field, (form[`keep-${field}`] === form.survivor ? "survivor" : "merged") satisfies MergeSide])) as Record<MergeField, MergeSide>;
    const outcome = await c.var.services.memberMerge.merge(c.var.staffMember.email, comparison, {
      survivorUserId,
      mergedUserId,
      versions: { survivor: survivorVersion, merged: mergedVersion },
      choices,
      reason: form.reason,
      overlapConfirmed: form.confirmOverlap === "on",
    });
    if (outcome.kind === "stale") return renderForm(c, comparison, { ...values, version: versionOf(comparison) }, { version: STALE_MESSAGE }, 409);
    if (outcome.kind === "refused") return renderForm(c, comparison, values, { [outcome.field]: outcome.message }, 400);
    const done = outcome.account === "none" ? "merged" : `merged-account-${outcome.account}`;
    return c.redirect(`${hrefs.staffMember(survivorUserId)}?done=${done}`, 303);
  });
