import { generate } from "lean-qr";
import { toSvgSource } from "lean-qr/extras/svg";

/** An attendee's ticket as a QR code (inline SVG, drawn here: nothing is fetched), scanned at the door. */
export function TicketQr({ token, label }: { token: string; label: string }) {
  const svg = toSvgSource(generate(`guildhall-ticket:${token}`), { on: "black", off: "white", pad: 2 });
  return <span className="ticket-qr" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}
