/** A signed-in user's session (sessions live in D1, named by a signed cookie; docs/decisions/0005). */
export interface Session {
  id: string;
  userId: string;
  email: string | null;
  /** Firebase had verified the e-mail address when this session began. */
  emailVerified: boolean;
  /** When the user last entered their password (seconds since the epoch). */
  authTime: number;
  /** When the session ends (seconds since the epoch). */
  expiresAt: number;
  /** When this session passed the staff's second factor (seconds since the epoch), or null. */
  secondFactorAt: number | null;
}
