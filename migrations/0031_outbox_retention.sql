-- A sent (or suppressed) e-mail keeps its content only for a while: after 30 days the daily job
-- replaces its template data (names, amounts, addresses, receipt numbers) with JSON null, keeping
-- who it went to, its kind, subject, status and dates (services/maintenance/housekeeping.ts,
-- README "E-mail"). This index holds only the finished messages that still carry their data, in
-- the order they finished, so each of the job's bounded UPDATEs reads just the rows it clears,
-- however many messages the outbox holds; a cleared message leaves the index.
CREATE INDEX email_outbox_finished_with_data ON email_outbox (updated_at) WHERE status IN ('sent', 'suppressed') AND data <> 'null';
