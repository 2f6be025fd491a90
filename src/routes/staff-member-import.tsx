/**
 * Staff: /staff/members/import, bringing existing members across from a CSV file. GET shows the
 * form and the latest imports; POST (multipart, with the CSRF token) receives the file for the dry
 * run (`mode=check`, the default) or the real run (`mode=import`) and sends staff to the import's
 * page (303), or answers 422 with the reason when the file cannot be read at all. The import's
 * page (GET /staff/members/import/<id>) shows its progress, reloading itself while the job works,
 * then its report; POST …/<id>/import imports a clean dry run. A file whose columns are not all the
 * site's own waits on that page for staff to match them (the mapping screen); POST …/<id>/mapping
 * sends the choice, which starts the check, or answers 422 with each problem beside its column.
 * Mounted under the staff gate.
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import { AppError } from "../errors";
import type { ImportProblem } from "../domain/member-import";
import { MAX_IMPORT_ROWS } from "../services/member-import/upload";
import type { StaffEnv } from "../types";
import { MemberImportContent } from "../views/staff/member-import-content";
import { MemberImportJobContent, type MemberImportJobContentProps } from "../views/staff/member-import-job-content";

const PATH = "/staff/members/import";
/** Seconds between the import page's reloads while the job works. */
const REFRESH_SECONDS = 3;
const RECENT_IMPORTS = 10;

const ImportId = z.coerce.number().int().positive();
const ListStart = z.coerce.number().int().min(0).catch(0);

function importIdOf(c: Context<StaffEnv>): number {
  const id = ImportId.safeParse(c.req.param("id"));
  if (!id.success) throw new AppError("NOT_FOUND", "No such import");
  return id.data;
}

export const staffMemberImportRoutes = new Hono<StaffEnv>()
  .get(PATH, async (c) => formPage(c, []))
  .post(PATH, async (c) => {
    const body = await c.req.parseBody();
    const file = body.file;
    if (!(file instanceof File)) throw new AppError("BAD_REQUEST", "Choose the CSV file of members to import.");
    const mode = body.mode === "import" ? "import" : "check";
    const outcome = await c.var.services.memberImport.upload(file, { staffEmail: c.var.staffMember.email, mode, invite: body.invite === "on" });
    if (outcome.problems.length > 0) return formPage(c, outcome.problems, 422);
    return c.redirect(`${PATH}/${outcome.importId}`, 303);
  })
  .get(`${PATH}/:id`, async (c) => {
    const from = { problemsAfterLine: ListStart.parse(c.req.query("problemsAfter")), actingAfterSeq: ListStart.parse(c.req.query("actingAfter")) };
    return importPage(c, importIdOf(c), from);
  })
  .post(`${PATH}/:id/mapping`, async (c) => {
    const id = importIdOf(c);
    const outcome = await c.var.services.memberImport.map(id, await c.req.parseBody());
    if (!outcome.ok) return importPage(c, id, { problemsAfterLine: 0, actingAfterSeq: 0 }, { chosen: outcome.mapping, problems: outcome.problems });
    return c.redirect(`${PATH}/${id}`, 303);
  })
  .post(`${PATH}/:id/import`, async (c) => {
    const body = await c.req.parseBody();
    const id = importIdOf(c);
    await c.var.services.memberImport.importChecked(id, { staffEmail: c.var.staffMember.email, invite: body.invite === "on" });
    return c.redirect(`${PATH}/${id}`, 303);
  });

async function importPage(c: Context<StaffEnv>, id: number, from: MemberImportJobContentProps["from"], mapping?: MemberImportJobContentProps["mapping"]) {
  const view = await c.var.services.memberImport.view(id, from);
  if (!view) throw new AppError("NOT_FOUND", "No such import");
  // Reloads without JavaScript while the job works (the HTML standard's Refresh header).
  if (["staging", "checking", "writing"].includes(view.job.phase)) c.header("Refresh", String(REFRESH_SECONDS));
  const layout = await c.var.services.content.layout();
  return c.render(<MemberImportJobContent view={view} csrfToken={await c.var.csrfToken()} from={from} mapping={mapping} />, {
    layout,
    head: { pageTitle: view.job.phase === "mapping" ? `Match the columns of import ${view.job.id}` : `Import ${view.job.id}`, noindex: true },
    section: null,
    isPrivate: true,
    status: mapping ? 422 : 200,
  });
}

async function formPage(c: Context<StaffEnv>, refused: ImportProblem[], status: 200 | 422 = 200) {
  const [layout, recent] = await Promise.all([c.var.services.content.layout(), c.var.services.memberImport.recent(RECENT_IMPORTS)]);
  return c.render(<MemberImportContent csrfToken={await c.var.csrfToken()} refused={refused} recent={recent} maxRows={MAX_IMPORT_ROWS} />, {
    layout,
    head: { pageTitle: "Import members", noindex: true },
    section: null,
    isPrivate: true,
    status,
  });
}
