/**
 * Staff: an online event's attendance (the events area of the role map).
 * `/staff/events/{id}/attendance` shows the form for the video platform's attendance report and
 * the booked attendees; posting the report previews it, and `/attendance/import` records the kept
 * preview (the file is uploaded once); `/attendance/mark` marks one attendee attended by hand. Attending earns the event's CPD (services/events/event-attendance).
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import type { AttendanceImport } from "../domain/event-attendance";
import { AppError } from "../errors";
import type { StaffEnv } from "../types";
import { AttendanceContent, type ByHandNotice } from "../views/events/attendance-content";

const After = z.object({ afterName: z.string().max(120), afterId: z.string().max(64) });
const MarkForm = z.object({ attendeeId: z.string().min(1).max(64) });
const ImportForm = z.object({ previewId: z.string().min(1).max(64) });

async function attendancePage(
  c: Context<StaffEnv>,
  shown: { problems?: readonly string[]; result?: AttendanceImport | null; previewId?: string; marked?: ByHandNotice; status?: 200 | 409 | 422 },
) {
  const after = After.safeParse(c.req.query());
  const [layout, page] = await Promise.all([
    c.var.services.content.layout(),
    c.var.services.eventAttendance.page(c.req.param("id")!, after.success ? { name: after.data.afterName, id: after.data.afterId } : null),
  ]);
  return c.render(
    <AttendanceContent {...page} csrfToken={await c.var.csrfToken()} problems={shown.problems ?? []} result={shown.result ?? null} previewId={shown.previewId ?? null} marked={shown.marked ?? null} />,
    { layout, head: { pageTitle: `Attendance: ${page.event.name}`, noindex: true }, section: null, isPrivate: true, status: shown.status ?? 200 },
  );
}

export const staffEventAttendanceRoutes = new Hono<StaffEnv>()
  .get("/staff/events/:id/attendance", (c) => attendancePage(c, {}))
  .post("/staff/events/:id/attendance", async (c) => {
    const body = await c.req.parseBody();
    const file = body.report;
    if (!(file instanceof File) || file.size === 0) {
      return attendancePage(c, { problems: ["Choose the attendance report (a CSV file) to upload."], status: 422 });
    }
    const outcome = await c.var.services.eventAttendance.previewReport(c.req.param("id"), new Uint8Array(await file.arrayBuffer()), c.var.staffMember.email);
    return outcome.ok ? attendancePage(c, { result: outcome.result, previewId: outcome.previewId }) : attendancePage(c, { problems: outcome.problems, status: 422 });
  })
  .post("/staff/events/:id/attendance/import", async (c) => {
    const form = ImportForm.safeParse(await c.req.parseBody());
    if (!form.success) return attendancePage(c, { problems: ["Preview the attendance report first, then import it from the preview."], status: 422 });
    const outcome = await c.var.services.eventAttendance.importPreview(c.req.param("id"), form.data.previewId, c.var.staffMember.email);
    return outcome.ok ? attendancePage(c, { result: outcome.result }) : attendancePage(c, { problems: outcome.problems, status: 409 });
  })
  .post("/staff/events/:id/attendance/mark", async (c) => {
    const form = MarkForm.safeParse(await c.req.parseBody());
    if (!form.success) throw new AppError("BAD_REQUEST", "Choose the attendee to mark attended");
    const marked = await c.var.services.eventAttendance.markByHand(c.req.param("id"), form.data.attendeeId, c.var.staffMember.email);
    return attendancePage(c, { marked });
  });
