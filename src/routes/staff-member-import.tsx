/**
 * Staff: /staff/members/import, bringing existing members across from a CSV file. GET shows the
 * form; POST (multipart, with the CSRF token) runs the dry run (`mode=check`, the default) or the
 * real run (`mode=import`) and shows its report. A file with any problem changes nothing (422).
 * The staff gate (middleware/require-staff) runs before these routes on every /staff request.
 */
import { Hono, type Context } from "hono";
import { AppError } from "../errors";
import type { StaffEnv } from "../types";
import { MemberImportContent, type MemberImportContentProps } from "../views/staff/member-import-content";

const PATH = "/staff/members/import";

export const staffMemberImportRoutes = new Hono<StaffEnv>()
  .get(PATH, async (c) => page(c, null))
  .post(PATH, async (c) => {
    const body = await c.req.parseBody();
    const file = body.file;
    if (!(file instanceof File)) throw new AppError("BAD_REQUEST", "Choose the CSV file of members to import.");
    const mode = body.mode === "import" ? "import" : "check";
    const bytes = new Uint8Array(await file.arrayBuffer());
    const report =
      mode === "import"
        ? await c.var.services.memberImport.run(bytes, { staffEmail: c.var.staffMember.email, invite: body.invite === "on" })
        : await c.var.services.memberImport.check(bytes);
    return page(c, { report, mode }, report.problems.length > 0 ? 422 : 200);
  });

async function page(c: Context<StaffEnv>, result: MemberImportContentProps["result"], status: 200 | 422 = 200) {
  const layout = await c.var.services.content.layout();
  return c.render(<MemberImportContent csrfToken={await c.var.csrfToken()} result={result} />, {
    layout,
    head: { pageTitle: "Import members", noindex: true },
    section: null,
    isPrivate: true,
    status,
  });
}
