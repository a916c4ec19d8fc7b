import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/explore";
import { likedAmong } from "@/lib/explore";

export const POST = route(op.lookupLikes, ({ body }) => likedAmong(body));
