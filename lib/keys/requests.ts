import { z } from "zod";
import { ZId } from "@/lib/shared/params";

export const ZKeyParams = z.object({ id: ZId, keyId: ZId });
