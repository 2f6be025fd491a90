/**
 * The CMS client: graphql-request POSTs `query`, `operationName` and `variables` to
 * `{CMS_URL}/graphql` with the bearer token. Every failure becomes a CmsError that says what
 * went wrong; the GraphQL messages and extensions (or the network error) are logged, as the
 * spec requires, by the caller that decides whether a stale copy can stand in.
 */
import type { GraphQLClient } from "graphql-request";
import { loadCmsTransport } from "../../lazy-modules";
import { withSiteUploadPaths } from "./media-urls";
import { CmsError, documentIdsIn, type Operation } from "./operation";
import { loadRichTextPipeline } from "./rich-text";

export interface CmsClientOptions {
  graphqlUrl: string;
  token: string;
  timeoutMs: number;
  /** The object store's public URL of uploads (CMS_MEDIA_URL); its URLs are read as `/uploads/<file>`. */
  mediaUrl?: string | null;
  /** "draft" reads what editors saved but have not published (preview only; draft-documents.ts). */
  status?: "published" | "draft";
  fetch?: typeof fetch;
}

export interface CmsClient {
  /** The operation's answer; `shows`, when given, is told the documentIds the answer holds (the content cache tags entries with them). */
  run<Vars extends Record<string, unknown>, Result>(operation: Operation<Vars, Result>, variables: Vars, shows?: (documentIds: string[]) => void): Promise<Result>;
}

export function createCmsClient(options: CmsClientOptions): CmsClient {
  // The GraphQL libraries load with the first request to the CMS (src/lazy-modules.ts).
  let client: GraphQLClient | undefined;

  return {
    async run(operation, variables, shows) {
      const transport = await loadCmsTransport();
      const { asDraftQuery } = transport;
      client ??= new transport.GraphQLClient(options.graphqlUrl, {
        headers: { Authorization: `Bearer ${options.token}` },
        fetch: options.fetch ?? ((input, init) => fetch(input, init)),
      });
      const ask = () =>
        client!.request<unknown, Record<string, unknown>>({
          document: options.status === "draft" ? asDraftQuery(operation.document) : operation.document,
          variables,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      let data: unknown;
      try {
        data = await ask().catch((error: unknown) => {
          // A kept-alive connection the CMS closed as it was reused ("connection reset") is lost
          // before the CMS saw the query: a read is asked once more, on a new connection.
          if (toCmsError(error, transport.ClientError, operation.name, options.timeoutMs).kind === "network") return ask();
          throw error;
        });
      } catch (error) {
        throw toCmsError(error, transport.ClientError, operation.name, options.timeoutMs);
      }
      // Mapping turns rich text into sanitised HTML: the pipeline loads on the first miss.
      await loadRichTextPipeline();
      shows?.([...documentIdsIn(data)]);
      return operation.parse(options.mediaUrl ? withSiteUploadPaths(data, options.mediaUrl) : data, variables);
    },
  };
}

function toCmsError(error: unknown, ClientError: typeof import("graphql-request").ClientError, operation: string, timeoutMs: number): CmsError {
  if (error instanceof ClientError) {
    const { status, errors } = error.response;
    if (errors?.length) {
      return new CmsError("graphql", `CMS returned GraphQL errors for ${operation}`, {
        operation,
        status,
        errors: errors.map((e) => ({ message: e.message, extensions: e.extensions })),
      });
    }
    return new CmsError("http", `CMS answered ${operation} with HTTP ${status}`, { operation, status });
  }
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return new CmsError("timeout", `CMS did not answer ${operation} within ${timeoutMs} ms`, { operation, timeoutMs });
  }
  if (error instanceof SyntaxError || (error instanceof Error && /json/i.test(error.message))) {
    return new CmsError("malformed", `CMS sent a response to ${operation} that is not valid JSON`, {
      operation,
      message: error.message,
    });
  }
  return new CmsError("network", `Could not reach the CMS for ${operation}`, {
    operation,
    message: error instanceof Error ? error.message : String(error),
  });
}
