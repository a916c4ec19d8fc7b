import { z } from "zod";
import { ZId } from "@/lib/http/params";

export const ZKeyParams = z.object({ id: ZId, keyId: ZId });
