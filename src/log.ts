/**
 * Structured logging: one JSON object per line so Workers Logs (and `wrangler tail`) can filter
 * by event. Never log secrets or personal data. Every line names the request it belongs to
 * (`requestId`, see request-context.ts) when there is one.
 */
import { currentRequestId } from "./request-context";
type Fields = Record<string, unknown>;

function write(level: "info" | "warn" | "error", event: string, fields: Fields): void {
  const requestId = currentRequestId();
  const line = JSON.stringify({ level, event, ...(requestId ? { requestId } : {}), ...fields }, errorReplacer);
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, ...(value.cause ? { cause: String(value.cause) } : {}) };
  }
  return value;
}

export const log = {
  info: (event: string, fields: Fields = {}) => write("info", event, fields),
  warn: (event: string, fields: Fields = {}) => write("warn", event, fields),
  error: (event: string, fields: Fields = {}) => write("error", event, fields),
};

export type Logger = typeof log;
