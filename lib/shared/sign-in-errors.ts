/** The next-auth error a throttled sign-in ends with (`?error=`, `signIn()`'s `error`); shared with the form. */
export const SIGN_IN_THROTTLED = "TooManyAttempts";
