import { signUp, ZSignUp } from "@/lib/auth/users";
import { reply } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

/** Creates an account (and its default app); the page then signs in through next-auth. */
export const POST = route({
  auth: "none",
  body: ZSignUp,
  handler: async ({ body }) => {
    const user = await signUp(body);
    return reply(201, { id: user.id, email: user.email });
  },
});
