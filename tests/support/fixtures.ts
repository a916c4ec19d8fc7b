import { runCliCommand } from "@/lib/cli/commands";

export type Bootstrap = {
  userId: string;
  email: string;
  userToken: string;
  appId: string;
  keys: Record<"sk_test" | "pk_test" | "sk_live" | "pk_live", string>;
};

let counter = 0;

/** A user with a fresh app and its four keys, as `npm run worlds -- bootstrap` makes them. */
export async function bootstrap(email = `user${++counter}-${Date.now()}@example.com`): Promise<Bootstrap> {
  return (await runCliCommand("bootstrap", { email })) as Bootstrap;
}
