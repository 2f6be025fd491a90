/**
 * Firebase's browser SDK, behind the small port the auth context uses. Imported dynamically by
 * the auth island, so only pages with sign-in, reset or account forms download it.
 */
import { initializeApp } from "firebase/app";
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  onIdTokenChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from "firebase/auth";
import type { PublicEnv } from "../../src/shared/public-env";
import type { FirebaseAuthPort } from "./auth-context";

export function createFirebaseClient(env: PublicEnv): FirebaseAuthPort & { auth: Auth; onIdTokenChanged(cb: (user: User | null) => void): void } {
  const app = initializeApp({ apiKey: env.firebase.apiKey, projectId: env.firebase.projectId, authDomain: env.firebase.authDomain });
  const auth = getAuth(app);
  if (env.firebase.emulatorUrl) connectAuthEmulator(auth, env.firebase.emulatorUrl, { disableWarnings: true });
  return {
    auth,
    onIdTokenChanged: (cb) => onIdTokenChanged(auth, cb),
    async signIn(email, password) {
      return (await signInWithEmailAndPassword(auth, email, password)).user.getIdToken();
    },
    async register(email, password, options) {
      const { user } = await createUserWithEmailAndPassword(auth, email, password);
      if (options) {
        // The account stands whether or not these succeed; the address can be verified later.
        await updateProfile(user, { displayName: options.displayName }).catch(() => undefined);
        await sendEmailVerification(user, { url: options.verifiedContinueUrl }).catch(() => undefined);
      }
      return user.getIdToken();
    },
    signOut: () => signOut(auth),
    sendPasswordResetEmail: (email, continueUrl) => sendPasswordResetEmail(auth, email, { url: continueUrl }),
  };
}
