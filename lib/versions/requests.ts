import { z } from "zod";
import { ZId } from "@/lib/shared/params";
import { ZRequirePlaytests } from "@/lib/worlds/requests";

export const ZVersionParams = z.object({ id: ZId, versionId: ZId });
export const ZCreateVersionBody = z.strictObject({ title: z.string().trim().max(200).optional() });
export const ZRenameVersionBody = z.strictObject({ title: z.string().trim().max(200) });
export const ZRestoreVersionBody = z.strictObject({ expectedRev: z.string().min(1).optional(), requirePlaytests: ZRequirePlaytests });
