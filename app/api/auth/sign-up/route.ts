import { allowSignUp, clientAddress } from "@/lib/auth/throttle";
import { signUp, ZSignUp } from "@/lib/auth/users";
import { ApiError } from "@/lib/errors";
import { reply } from "@/lib/reply";
import { internalRoute } from "@/lib/http/route";

/** Creates an account (and its default app); the page then signs in through next-auth. */
export const POST = internalRoute({
  auth: "none",
  body: ZSignUp,
  handler: async ({ req, body }) => {
    const verdict = await allowSignUp(clientAddress(req.headers));
    if (!verdict.ok) {
      const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
      throw new ApiError(
        "rate_limited",
        `Too many new accounts from this network; try again in ${minutes} min.`,
        {},
        { "retry-after": String(verdict.retryAfterSeconds) },
      );
    }
    const user = await signUp(body);
    return reply(201, { id: user.id, email: user.email });
  },
});
