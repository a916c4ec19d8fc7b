import { z } from "zod";

/** Resource ids in paths; one that is not a UUID names nothing and answers 404. */
export const ZId = z.uuid();
export const ZIdParams = z.object({ id: ZId });
