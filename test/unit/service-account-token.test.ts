/**
 * The service account's token exchange, with no network: an injected fetch stands in for
 * Google's token endpoint and checks the signed assertion against the account's public key.
 */
import { decodeProtectedHeader, exportPKCS8, generateKeyPair, jwtVerify, type CryptoKey } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { GOOGLE_TOKEN_URL, IDENTITY_TOOLKIT_SCOPE, serviceAccountTokenSource, type ServiceAccount } from "../../src/adapters/firebase/service-account-token";

const NOW = 1_800_000_000;
let account: ServiceAccount;
let publicKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  publicKey = pair.publicKey;
  account = { clientEmail: "guildhall-worker@guildhall-prod.iam.gserviceaccount.com", privateKey: await exportPKCS8(pair.privateKey), privateKeyId: "key-1" };
});

function tokenEndpoint(answers: (() => Response)[]) {
  const requests: { url: string; body: URLSearchParams }[] = [];
  const fake: typeof fetch = async (input, init) => {
    requests.push({ url: String(input), body: new URLSearchParams(String(init?.body)) });
    const answer = answers.shift();
    if (!answer) throw new Error("no more answers");
    return answer();
  };
  return { fake, requests };
}

const granted = (token: string, expiresIn = 3599) => () => Response.json({ access_token: token, expires_in: expiresIn, token_type: "Bearer" });

describe("the service account's access token", () => {
  it("is exchanged for an RS256 JWT naming the account, the scope, Google's token endpoint and an hour's validity", async () => {
    const { fake, requests } = tokenEndpoint([granted("ya29.first")]);
    const now = NOW * 1000;
    const source = serviceAccountTokenSource({ account, fetch: fake, now: () => now });
    expect(await source()).toBe("ya29.first");

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.url).toBe(GOOGLE_TOKEN_URL);
    expect(request!.body.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
    const assertion = request!.body.get("assertion")!;
    expect(decodeProtectedHeader(assertion)).toEqual({ alg: "RS256", typ: "JWT", kid: "key-1" });
    const { payload } = await jwtVerify(assertion, publicKey, { currentDate: new Date(now) });
    expect(payload).toEqual({ iss: account.clientEmail, aud: GOOGLE_TOKEN_URL, scope: IDENTITY_TOOLKIT_SCOPE, iat: NOW, exp: NOW + 3600 });
  });

  it("is kept until five minutes before it expires, then exchanged again", async () => {
    const { fake, requests } = tokenEndpoint([granted("ya29.first"), granted("ya29.second")]);
    let now = NOW * 1000;
    const source = serviceAccountTokenSource({ account, fetch: fake, now: () => now });
    expect(await source()).toBe("ya29.first");
    now = (NOW + 3599 - 301) * 1000;
    expect(await source()).toBe("ya29.first");
    now = (NOW + 3599 - 300) * 1000;
    expect(await source()).toBe("ya29.second");
    expect(requests).toHaveLength(2);
  });

  it("is exchanged once for requests that ask at the same time", async () => {
    const { fake, requests } = tokenEndpoint([granted("ya29.shared")]);
    const source = serviceAccountTokenSource({ account, fetch: fake, now: () => NOW * 1000 });
    expect(await Promise.all([source(), source(), source()])).toEqual(["ya29.shared", "ya29.shared", "ya29.shared"]);
    expect(requests).toHaveLength(1);
  });

  it("fails with Google's reason when the grant is refused, and tries again next time", async () => {
    const refused = () => Response.json({ error: "invalid_grant", error_description: "Invalid JWT Signature." }, { status: 400 });
    const { fake } = tokenEndpoint([refused, granted("ya29.after")]);
    const source = serviceAccountTokenSource({ account, fetch: fake, now: () => NOW * 1000 });
    await expect(source()).rejects.toThrow("Google's token endpoint answered 400: invalid_grant Invalid JWT Signature.");
    expect(await source()).toBe("ya29.after");
  });
});
