/** Above a print page, on screen only: how to print it, and the way back. Never printed. */
export function PrintPagesNav({ eventId, what }: { eventId: string; what: string }) {
  return (
    <div className="print-help no-print">
      <p>{`Print this page on A4 paper for the ${what}: in the print settings choose A4, portrait, scale 100% (“Default”), and turn headers and footers off.`}</p>
      <p>
        <a href={`/staff/events/${eventId}`}>Back to the attendee list</a>
      </p>
    </div>
  );
}

/** The link to the next attendees' page, when there are more (the next 500, printed in turn). */
export function NextAttendees({ path, next }: { path: string; next: { name: string; id: string } | null }) {
  if (!next) return null;
  return (
    <p className="print-help no-print">
      {"This page holds the first 500 attendees by name: print it, then "}
      <a href={`${path}?${new URLSearchParams({ afterName: next.name, afterId: next.id })}`}>the next attendees</a>.
    </p>
  );
}
