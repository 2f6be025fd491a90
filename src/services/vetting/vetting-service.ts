/**
 * Vetting before activation (docs/decisions/0056). A join application for a membership type the
 * CMS marks "needs approval" waits for staff before any money is asked for: staff read it with
 * the applicant's documents inline and the regulator register's answer, then approve it (the
 * applicant is e-mailed and may now pay: a card payer opens Checkout, an offline payer gets the
 * pro-forma invoice), ask for more (the applicant answers with a document from their membership
 * page), or reject it with a reason. Card money already taken for a rejected join application
 * (a Checkout paid in a tab left open while staff decided) is refunded in full at once.
 *
 * Each step is a compare-and-set on the application as staff saw it, so a second staff member
 * acting on an older copy is told rather than overwriting the first.
 */
import type { ApplicantDocumentFiles } from "../../adapters/r2/applicant-documents";
import type { ApplicationStore } from "../../adapters/d1/applications";
import type { VettingStore } from "../../adapters/d1/application-vetting";
import { batchConditions as when } from "../../adapters/d1/batch-conditions";
import type { Application, ApplicationDocument } from "../../domain/membership";
import type { RegisterCheck, RegulatorRegister } from "../../domain/regulator-register";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import type { Notices } from "../email/notices";
import type { PreparedEmail } from "../email/outbox";
import type { CardPayments } from "../payments/card-payments";
import { completeMembershipCheckout } from "../payments/membership-billing";
import type { MembershipFollowUps } from "../membership/follow-ups";
import { applicationProForma } from "../pro-forma/pro-forma-content";
import type { ProFormaIssuer } from "../pro-forma/pro-forma-issue";
import type { RefundService } from "../refunds/refund-service";
import type { CheckedDocument } from "./document-file";
import type { DocumentUploads } from "./document-uploads";

export interface VettingDeps {
  applications: Pick<ApplicationStore, "byId" | "latestForUser" | "payments">;
  store: VettingStore;
  files: Pick<ApplicantDocumentFiles, "read">;
  uploads: DocumentUploads;
  register: RegulatorRegister;
  notices: Notices;
  /** An approved offline applicant's pro-forma invoice, issued with the approval. */
  proForma: Pick<ProFormaIssuer, "issue">;
  offlinePaymentInstructions: string;
  /** Staff's rejection as every application has it (closes an open Checkout, e-mails the reason). */
  reject: (staffEmail: string, application: Application, reason: string) => Promise<void>;
  /** Refunds of recorded membership payments (money leaves through the refunds service: credit note, e-mail, audit). */
  refunds: Pick<RefundService, "membershipPayment" | "refundMembershipPayment"> | null;
  /** Stripe, to settle a Checkout paid before a rejection whose webhook has not arrived; null without card payments. */
  card: CardPayments | null;
  followUps: MembershipFollowUps;
  now: () => Date;
  log: Logger;
}

/** What the staff review screen shows beside the application. */
export interface Review {
  documents: ApplicationDocument[];
  register: RegisterCheck;
}

/** A stored document to send: its bytes and how to name them. */
export interface DocumentDownload {
  document: ApplicationDocument;
  body: ReadableStream<Uint8Array>;
  size: number;
}

/** Why a staff step was refused: the application moved on since the page was loaded. */
export const CHANGED_MEANWHILE = "This application changed while you were looking at it (another member of staff may have acted on it). Nothing was changed: here it is as it stands now.";

export const awaitsStaff = (application: Application): boolean =>
  application.status === "awaiting_payment" && (application.vetting === "pending" || application.vetting === "more_info");

export type Vetting = ReturnType<typeof createVetting>;

export function createVetting(deps: VettingDeps) {
  const review = (application: Application, outcome: "approved" | "more-information", request: string | null, event: string, onlyIf: PreparedEmailCondition): PreparedEmail =>
    deps.notices.prepare([
      {
        message: {
          kind: "application-review",
          event,
          to: { email: application.email, userId: application.userId },
          data: {
            givenName: application.givenName,
            reference: application.reference,
            membershipTitle: application.membershipTitle,
            outcome,
            request,
            amountDuePence: application.amountDuePence,
            paymentMethod: application.paymentMethod,
            offlinePaymentInstructions: outcome === "approved" && application.paymentMethod === "offline" ? deps.offlinePaymentInstructions : null,
          },
        },
        onlyIf,
      },
    ]);

  async function download(document: (ApplicationDocument & { objectKey: string }) | null): Promise<DocumentDownload> {
    const file = document ? await deps.files.read(document.objectKey) : null;
    if (!document || !file) throw new AppError("NOT_FOUND", "No document with this id");
    const { objectKey: _key, ...rest } = document;
    return { document: rest, body: file.body, size: file.size };
  }

  /**
   * Card money for the rejected application, refunded in full: first a Checkout paid but not yet
   * recorded (its webhook still on the way) is recorded as a payment for a closed application
   * (which cancels its subscription), then every card payment still held is refunded through
   * Stripe. Returns what was refunded, in pence.
   */
  async function refundRejected(staffEmail: string, application: Application, reason: string): Promise<number> {
    const card = deps.card;
    if (card) {
      const sessionId = await card.store.checkoutSession(application.id);
      const session = sessionId ? await card.billing.retrieveCheckoutSession(sessionId) : null;
      if (session?.status === "complete" && session.paymentStatus === "paid") {
        await completeMembershipCheckout({ ...card, applications: deps.applications, followUps: deps.followUps }, session);
      }
    }
    const refunds = deps.refunds;
    if (!refunds) return 0;
    let total = 0;
    const payments = (await deps.applications.payments(application.id)).filter((p) => p.method === "card");
    for (const [i, paid] of payments.entries()) {
      const payment = await refunds.membershipPayment(paid.id);
      const owed = payment.amountPence - payment.refundedPence;
      if (owed <= 0) continue;
      await refunds.refundMembershipPayment(staffEmail, payment.id, {
        amountPence: owed,
        reason: `Application rejected: ${reason}`.slice(0, 500),
        idempotencyKey: `rejected-${i}-${application.id}`.slice(0, 64),
        membership: "keep",
      });
      total += owed;
    }
    return total;
  }

  return {
    /** The documents and the register's answer, for the staff review screen. */
    async review(application: Application): Promise<Review> {
      const number = application.details.professional.registrationNumber;
      const [documents, register] = await Promise.all([
        deps.store.documents(application.id),
        number
          ? deps.register.check(number).catch((error: unknown) => {
              deps.log.warn("vetting.register_unavailable", { applicationId: application.id, error });
              return { kind: "not-checked", why: "The register could not be reached just now" } as const;
            })
          : Promise.resolve({ kind: "not-checked", why: "The application gives no registration number" } as const),
      ]);
      return { documents, register };
    },

    /** The applicant's own documents, oldest first (none for someone else's application). */
    async mine(userId: string): Promise<{ application: Application | null; documents: ApplicationDocument[] }> {
      const application = await deps.applications.latestForUser(userId);
      return { application, documents: application ? await deps.store.documents(application.id) : [] };
    },

    /** Staff approve: the applicant may now pay (e-mailed; an offline payer gets the pro-forma invoice with it). */
    async approve(staffEmail: string, application: Application): Promise<void> {
      if (!awaitsStaff(application)) throw new AppError("CONFLICT", CHANGED_MEANWHILE);
      const approved = when.applicationApproved(application.id);
      const email = review(application, "approved", null, `${application.id}:approved`, approved);
      const proForma =
        application.paymentMethod === "offline"
          ? deps.proForma.issue(await applicationProForma({ ...application, kind: "join" }, "buyer", deps.now()), approved)
          : { statements: [], ids: [] };
      const done = await deps.store.approve(
        application,
        { staffEmail, action: "application.approved", applicationId: application.id, details: { paymentMethod: application.paymentMethod } },
        [...email.statements, ...proForma.statements],
      );
      if (!done) throw new AppError("CONFLICT", CHANGED_MEANWHILE);
      deps.notices.deliverSoon([...email.ids, ...proForma.ids]);
    },

    /** Staff ask the applicant for more before deciding; the applicant is e-mailed the question. */
    async askForMore(staffEmail: string, application: Application, request: string): Promise<void> {
      if (!awaitsStaff(application)) throw new AppError("CONFLICT", CHANGED_MEANWHILE);
      const email = review(application, "more-information", request, `${application.id}:${application.updatedAt}`, when.applicationAwaitingAnswer(application.id));
      const done = await deps.store.askForMore(
        application,
        request,
        { staffEmail, action: "application.more_information_asked", applicationId: application.id, details: { request } },
        email.statements,
      );
      if (!done) throw new AppError("CONFLICT", CHANGED_MEANWHILE);
      deps.notices.deliverSoon(email.ids);
    },

    /** Staff reject: as any application (reason e-mailed), and for a vetted one, card money already taken for it refunded in full. */
    async reject(staffEmail: string, application: Application, reason: string): Promise<{ refundedPence: number }> {
      await deps.reject(staffEmail, application, reason);
      // Applications of types without approval keep the flag-and-refund-by-hand path (services/membership/refunds.ts).
      if (application.kind !== "join" || application.paymentMethod !== "card" || !application.vetting) return { refundedPence: 0 };
      return { refundedPence: await refundRejected(staffEmail, application, reason) };
    },

    /** The applicant answers staff's question with a document (and goes back to the queue). */
    async answer(userId: string, document: CheckedDocument): Promise<void> {
      const application = await deps.applications.latestForUser(userId);
      if (!application || application.vetting !== "more_info" || application.status !== "awaiting_payment") {
        throw new AppError("CONFLICT", "Your application is not waiting for anything from you just now");
      }
      const rows = await deps.uploads.stored(application, [document]);
      const done = await deps.store.answered(application, rows, {
        staffEmail: `applicant:${userId}`,
        action: "application.more_information_sent",
        applicationId: application.id,
        details: { requirement: document.requirement, contentType: document.contentType },
      });
      if (!done) throw new AppError("CONFLICT", "Your application is not waiting for anything from you just now");
    },

    /** A document for staff, by application and id (a document of another application is NOT_FOUND). */
    async staffDocument(applicationId: string, documentId: string): Promise<DocumentDownload> {
      const document = await deps.store.document(documentId);
      return download(document?.applicationId === applicationId ? document : null);
    },

    /** A document for its own applicant; anyone else's is NOT_FOUND, exactly as one that does not exist. */
    async ownDocument(userId: string, documentId: string): Promise<DocumentDownload> {
      const document = await deps.store.document(documentId);
      return download(document?.userId === userId ? document : null);
    },
  };
}

type PreparedEmailCondition = Parameters<Notices["prepare"]>[0][number]["onlyIf"];
