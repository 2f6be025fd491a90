import { hrefs } from "../../shared/links";
import type { Attendee, SocietyEvent } from "../../domain/events";
import { PageHeader } from "../components/page-header";
import { whenText } from "./event-words";
import { EventStateForm, EventStateStatusSection, type EventStateFormProps, type EventStateStatus } from "./event-state-change-form";
import { BLANK_REOPEN_FORM, EventReopenForm, type EventReopenFormProps } from "./event-reopen-form";

export interface StaffEventContentProps {
  event: SocietyEvent;
  attendees: readonly Attendee[];
  next: { name: string; id: string } | null;
  dietary: readonly { answer: string; count: number }[];
  access: readonly { answer: string; count: number }[];
  /** Staff's cancelling or postponing: what was done, and the form (absent for staff who may only view). */
  state: { status: EventStateStatus; form: Omit<EventStateFormProps, "event">; reopen?: Pick<EventReopenFormProps, "form" | "errors"> };
}

function Needs({ title, needs }: { title: string; needs: readonly { answer: string; count: number }[] }) {
  return (
    <>
      <h3>{title}</h3>
      {needs.length === 0 ? <p>None given.</p> : <ul>{needs.map((n) => <li key={n.answer}>{`${n.answer}: ${n.count}`}</li>)}</ul>}
    </>
  );
}

/** An event's attendees with their answers, with links to its A4 print pages (sign-in sheet, name badges). */
export function StaffEventContent({ event, attendees, next, dietary, access, state }: StaffEventContentProps) {
  const ticketName = (code: string) => event.ticketTypes.find((t) => t.code === code)?.name ?? code;
  return (
    <>
      <PageHeader title={event.name} lede={whenText(event)} />
      <p className="no-print">
        <a href={`/staff/events/${event.id}/attendees.csv`}>Download the attendees (CSV)</a> · <a href={`/staff/events/${event.id}/check-in`}>Check-in</a>
        {event.format === "in-person" ? null : <> · <a href={`/staff/events/${event.id}/attendance`}>Attendance (online)</a></>} · Print on A4: <a href={`/staff/events/${event.id}/sign-in-sheet`}>sign-in sheet</a>, <a href={`/staff/events/${event.id}/badges`}>name badges</a>
      </p>
      <EventStateStatusSection status={state.status} />
      {state.status.change?.state === "postponed" ? <EventReopenForm event={event} csrfToken={state.form.csrfToken} {...(state.reopen ?? { form: BLANK_REOPEN_FORM, errors: {} })} /> : null}
      <EventStateForm event={event} {...state.form} />
      <section aria-labelledby="needs" className="screen-section">
        <h2 id="needs">For the venue</h2>
        <Needs title="Dietary needs" needs={dietary} />
        <Needs title="Access needs" needs={access} />
      </section>
      <section aria-labelledby="attendees" className="screen-section">
        <h2 id="attendees">Attendees</h2>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Ticket</th>
              {event.questions.map((q) => <th key={q.code} scope="col">{q.label}</th>)}
              <th scope="col">Arrived</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {attendees.map((a) => (
              <tr key={a.id}>
                <td>{a.name}</td>
                <td>{a.email}</td>
                <td>{ticketName(a.ticketCode)}</td>
                {event.questions.map((q) => <td key={q.code}>{a.answers[q.code] ?? ""}</td>)}
                <td>{a.checkedInAt ? "Yes" : ""}</td>
                <td>
                  {!a.checkedInAt && !a.attended && !event.ticketTypes.find((t) => t.code === a.ticketCode)?.addOn ? (
                    <a href={hrefs.staffTransferPlace(event.id, a.id)}>
                      Pass on<span className="visually-hidden"> {a.name}&apos;s place to someone else</span>
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {next ? (
          <p>
            <a href={`/staff/events/${event.id}?${new URLSearchParams({ afterName: next.name, afterId: next.id })}`}>Next attendees</a> (the CSV holds everyone)
          </p>
        ) : null}
      </section>
    </>
  );
}
