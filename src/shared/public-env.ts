/** The configuration browser code may see (src/env.ts getPublicEnv builds it; pages embed it). */
export interface PublicEnv {
  firebase: { apiKey: string; projectId: string; authDomain: string; emulatorUrl: string | null };
  tokenSyncUrl: string | null;
  siteUrl: string;
}
