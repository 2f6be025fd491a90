/**
 * Which list a background export reads: the members register, the applications or the orders,
 * with the tab and search it was asked with, as of the moment it was asked for. The same sources
 * serve the downloads, so a file made in the background has the download's columns and order.
 */
import type { ApplicationStore } from "../../adapters/d1/applications";
import type { MembersRegisterStore } from "../../adapters/d1/members-register";
import type { LedgerStore } from "../../adapters/d1/ledger";
import type { OrderStore } from "../../adapters/d1/orders";
import { REGISTER_FILTERS, type RegisterEntry, type RegisterFilter } from "../../domain/membership-lifecycle";
import { isLedgerFilter, type ExportKind, type StaffExport } from "../../domain/staff-exports";
import { AppError } from "../../errors";
import type { ExportSource } from "../csv-stream";
import { memberExportSource } from "../membership/members-register";
import { applicationExportSource } from "../membership/staff-export";
import { ledgerExportSource } from "../finance/ledger-export-source";
import { orderExportSource } from "../orders/staff-export";

export interface ExportSourceDeps {
  register: MembersRegisterStore;
  applications: Pick<ApplicationStore, "list" | "count">;
  orders: Pick<OrderStore, "list" | "count">;
  ledger: Pick<LedgerStore, "entries" | "count">;
  graceDays: number;
  /** The register's state in words (the view's), for its state column. */
  stateWords: (entry: RegisterEntry) => string;
}

/** Each list's tabs, as its page and its CSV link name them (the ledger has a range of days instead). */
export const EXPORT_TABS: Record<Exclude<ExportKind, "ledger">, readonly string[]> = {
  members: REGISTER_FILTERS,
  applications: ["awaiting_payment", "paid", "rejected", "refund_due", "all"],
  orders: ["awaiting_payment", "paid", "cancelled", "all"],
};

export type ExportSourceFor = (kind: ExportKind, filter: StaffExport["filter"], asOf: Date) => ExportSource;

export function exportSources(deps: ExportSourceDeps): ExportSourceFor {
  return (kind, filter, asOf) => {
    if (kind === "ledger" || isLedgerFilter(filter)) {
      if (kind !== "ledger" || !isLedgerFilter(filter)) throw new AppError("BAD_REQUEST", `An export of ${kind} has no such filter`);
      return ledgerExportSource(deps.ledger, filter) as ExportSource;
    }
    const { status, search } = filter;
    if (!EXPORT_TABS[kind].includes(status)) throw new AppError("BAD_REQUEST", `Unknown status for ${kind}: ${status}`);
    switch (kind) {
      case "members":
        return memberExportSource({ store: deps.register, graceDays: deps.graceDays }, status as RegisterFilter, search, asOf, deps.stateWords) as ExportSource;
      case "applications": {
        const filter = status === "refund_due" ? { refundDue: true } : status === "all" ? {} : { status: status as "awaiting_payment" | "paid" | "rejected" };
        return applicationExportSource(deps.applications, { ...filter, search }) as ExportSource;
      }
      case "orders":
        return orderExportSource(deps.orders, { ...(status === "all" ? {} : { status: status as "awaiting_payment" | "paid" | "cancelled" }), search }) as ExportSource;
    }
  };
}
